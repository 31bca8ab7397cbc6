import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { removeAt, replaceAt } from "../../lib/list"
import type { FreteSettings } from "../../lib/types"
import { AddButton } from "../common/add-button"
import { SettingsSection } from "../common/settings-section"
import { emptyFallbackService, fallbackFrom, fallbackPatch, type FallbackServiceForm } from "./fallback-form"
import { FallbackService } from "./fallback-service"

/** Prices and deadlines used when the freight API cannot answer. */
export const FallbackSection = ({ settings }: { settings: FreteSettings }) => {
  const [entries, setEntries] = useState(() => fallbackFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: "Tabela de contingência salva",
    onSaved: (response) => setEntries(fallbackFrom(response.settings)),
  })
  /** Adding or removing a service or a band moves the paths the issues name: they are dropped. */
  const reshape = (next: FallbackServiceForm[]) => {
    clearIssues()
    setEntries(next)
  }

  return (
    <SettingsSection
      id="fallback"
      title="Tabela de contingência"
      description="Usada quando a API de frete falha e não há resposta recente guardada, para o checkout continuar vendendo. Cada carrinho recebe, por serviço, a primeira faixa cujo peso máximo comporta o peso cobrado (o maior entre o real e o cúbico), mais o prazo e o preço adicionais. Um carrinho mais pesado que todas as faixas não recebe o serviço."
      save={{ onSave: () => save({ fallback: fallbackPatch(entries) }), isSaving, issues, shown: ["fallback."] }}
    >
      {entries.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-fallback-empty">
          Sem tabela: se a API de frete falhar e não houver resposta recente guardada, o checkout não consegue calcular o frete.
        </Text>
      )}
      {entries.map((entry, index) => (
        <FallbackService
          key={entry.key}
          index={index}
          entry={entry}
          issues={issues}
          onChange={(next) =>
            next.bands.length === entry.bands.length
              ? setEntries(replaceAt(entries, index, next))
              : reshape(replaceAt(entries, index, next))
          }
          onRemove={() => reshape(removeAt(entries, index))}
        />
      ))}
      <AddButton path="fallback" label="Adicionar serviço" onClick={() => reshape([...entries, emptyFallbackService()])} />
    </SettingsSection>
  )
}
