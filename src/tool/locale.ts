import { Context } from "effect"

/**
 * The tool's locale. The builder's `locale(...)` wins; `BashTool.layer` falls back to this
 * reference, so a host sets the language of every tool with one `Layer.succeed`.
 */
export class ToolLocale extends Context.Reference<ToolLocale>()("bashkit-effect/ToolLocale", {
  defaultValue: (): string => DEFAULT_LOCALE
}) {}

export const DEFAULT_LOCALE = "en-US"

/** Every string the tool localizes (contract §1.10); help bodies and Internal errors stay English. */
export interface ToolStrings {
  readonly displayName: string
  readonly description: string
  readonly customCommands: string
  readonly promptIntro: string
  readonly promptReturns: string
  readonly home: string
  readonly useBash: string
  readonly useSource: string
  readonly batches: string
  readonly limits: string
  readonly argsNotObject: string
  readonly commandsRequired: string
  readonly timeoutNotInteger: string
}

const english: ToolStrings = {
  displayName: "Bash",
  description: "Run bash commands in an isolated virtual filesystem",
  customCommands: "Custom commands",
  promptIntro: "run bash commands in an isolated virtual filesystem",
  promptReturns: "Returns JSON with stdout, stderr, exit_code.",
  home: "Home",
  useBash: "Use bash syntax; do not assume /bin/sh portability ($RANDOM, arrays, [[ ]] require bash).",
  useSource: "Use `source` only when current-shell state must persist; otherwise run scripts directly.",
  batches: "For large multi-file writes, prefer incremental batches over one giant script.",
  limits: "Limits",
  argsNotObject: "tool arguments must be a JSON object",
  commandsRequired: "`commands` is required",
  timeoutNotInteger: "`timeout_ms` must be an integer"
}

const ukrainian: ToolStrings = {
  displayName: "Баш",
  description: "Виконує bash-команди в ізольованій віртуальній файловій системі",
  customCommands: "Користувацькі команди",
  promptIntro: "виконує bash-команди в ізольованій віртуальній файловій системі",
  promptReturns: "Повертає JSON з stdout, stderr, exit_code.",
  home: "Домівка",
  useBash: "Використовуйте синтаксис bash; не покладайтеся на /bin/sh ($RANDOM, масиви, [[ ]] потребують bash).",
  useSource: "Використовуйте `source` лише коли стан оболонки має зберігатися; інакше запускайте скрипти напряму.",
  batches: "Для масових записів файлів віддавайте перевагу інкрементальним пакетам замість одного великого скрипту.",
  limits: "Ліміти",
  argsNotObject: "аргументи інструмента мають бути JSON-об'єктом",
  commandsRequired: "поле `commands` є обов'язковим",
  timeoutNotInteger: "поле `timeout_ms` має бути цілим числом"
}

/** The contract's rule: a locale starting with "uk" (case-sensitive) is Ukrainian, anything else English. */
export const isUkrainian = (locale: string): boolean => locale.startsWith("uk")

export const toolStrings = (locale: string): ToolStrings => (isUkrainian(locale) ? ukrainian : english)
