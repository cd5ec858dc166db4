import { isUkrainian } from "../tool/locale.js"

/**
 * The ScriptedTool strings the contract localizes (§1.10 #14–#17). The `help`/`discover`
 * builtins, the help Markdown body, flag and schema errors stay English.
 */
export interface ScriptedToolStrings {
  readonly descriptionPrefix: string
  readonly promptIntro: string
  readonly commandsLabel: string
  readonly promptTail: string
}

const english: ScriptedToolStrings = {
  descriptionPrefix: "Compose tool callbacks through bash scripts",
  promptIntro: "run bash scripts that orchestrate registered tool commands",
  commandsLabel: "Commands",
  promptTail:
    "Pass args as --key value or --key=value. Shell logic and stdin pipelines are available; filesystem primitives are unavailable. Use help/discover builtins for runtime details."
}

const ukrainian: ScriptedToolStrings = {
  descriptionPrefix: "Компонує виклики інструментів через bash-скрипти",
  promptIntro: "виконує bash-скрипти для оркестрації зареєстрованих команд",
  commandsLabel: "Команди",
  promptTail:
    "Передавайте аргументи як --key value або --key=value. Доступні логіка shell і stdin-конвеєри; файлові примітиви недоступні. Використовуйте help/discover для деталей."
}

export const scriptedToolStrings = (locale: string): ScriptedToolStrings => (isUkrainian(locale) ? ukrainian : english)
