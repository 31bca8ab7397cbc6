// typescript-eslint's recommended rules over the project's code; layout is prettier's (`npm run lint` runs both).
import js from "@eslint/js"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  { ignores: ["node_modules/", ".medusa/", ".cache/", ".demo/", "**/dist/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore says "left out on purpose" (a rest pattern's dropped key, a kept signature).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  // CommonJS files: jest's configuration and setup files.
  { files: ["**/*.cjs", "jest.config.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { files: ["integration-tests/setup/timeouts.cjs"], languageOptions: { globals: { ...globals.jest } } }
)
