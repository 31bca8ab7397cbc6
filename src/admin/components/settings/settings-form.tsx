import { useState } from "react"
import type { SettingsResponse } from "../../lib/types"
import { credentialsDraftFrom } from "./credentials-draft"
import { CredentialsSection } from "./credentials-section"
import { DefaultPackageSection } from "./default-package-section"
import { FallbackSection } from "./fallback-section"
import { LearnedPricesSection } from "./learned-prices-section"
import { MissingDimensionsSection } from "./missing-dimensions-section"
import { OriginSection } from "./origin-section"
import { QuoteLimitSection } from "./quote-limit-section"
import { RepairedSettingsNotice } from "./repaired-settings-notice"
import { RulesSection } from "./rules-section"
import { ServicesSection } from "./services-section"
import { TestConnectionSection } from "./test-connection-section"
import { TrackingSection } from "./tracking-section"

/**
 * The sections of the settings, each with its own form and "Salvar". Each section reads the
 * settings once and keeps what the merchant types until its own save succeeds.
 */
export const SettingsForm = ({ data }: { data: SettingsResponse }) => {
  const { settings, credentials, origin_problem, quote_guard, repaired_fields } = data
  const [credentialsDraft, setCredentialsDraft] = useState(() => credentialsDraftFrom(settings))

  return (
    <>
      <RepairedSettingsNotice fields={repaired_fields} />
      <CredentialsSection credentials={credentials} draft={credentialsDraft} onDraftChange={setCredentialsDraft} />
      <TestConnectionSection settings={settings} credentials={credentials} draft={credentialsDraft} />
      <OriginSection settings={settings} problem={origin_problem} />
      <ServicesSection settings={settings} />
      <RulesSection settings={settings} />
      <DefaultPackageSection settings={settings} />
      <LearnedPricesSection settings={settings} />
      <FallbackSection settings={settings} />
      <QuoteLimitSection settings={settings} guard={quote_guard} />
      <TrackingSection settings={settings} credentials={credentials} />
      <MissingDimensionsSection defaultPackage={settings.default_package} />
    </>
  )
}
