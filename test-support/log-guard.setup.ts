// Loaded in every test file (jest setupFilesAfterEnv): records its output, and fails the file
// if any of it carries a secret or a full CPF (see log-guard.ts).
import { assertNoLeaks, recordOutput } from "./log-guard"

recordOutput()
afterAll(() => assertNoLeaks())
