import { it } from "@effect/vitest"
import { describe, expect } from "vitest"
import { BashTool } from "../../src/tool/index.js"

const noop = () => ""

const EN_GUIDANCE =
  "Use bash syntax; do not assume /bin/sh portability ($RANDOM, arrays, [[ ]] require bash). " +
  "Use `source` only when current-shell state must persist; otherwise run scripts directly. " +
  "For large multi-file writes, prefer incremental batches over one giant script."

const UK_GUIDANCE =
  "Використовуйте синтаксис bash; не покладайтеся на /bin/sh ($RANDOM, масиви, [[ ]] потребують bash). " +
  "Використовуйте `source` лише коли стан оболонки має зберігатися; інакше запускайте скрипти напряму. " +
  "Для масових записів файлів віддавайте перевагу інкрементальним пакетам замість одного великого скрипту."

describe("system prompt (§1.4)", () => {
  it("default: intro, returns, guidance, language warning; no home, no limits", () => {
    expect(BashTool.default().systemPrompt()).toBe(
      "bashkit: run bash commands in an isolated virtual filesystem. Returns JSON with stdout, stderr, exit_code. " +
        `${EN_GUIDANCE} perl, python/python3 not available.`
    )
  })

  it("observed default of the JS binding: username and limits", () => {
    const prompt = BashTool.builder().username("agent").limits({ maxCommands: 10000, maxLoopIterations: 10000 }).build().systemPrompt()
    expect(prompt).toBe(
      "bashkit: run bash commands in an isolated virtual filesystem. Returns JSON with stdout, stderr, exit_code. Home /home/agent. " +
        `${EN_GUIDANCE} Limits: max_commands=10000, max_loop_iterations=10000. perl, python/python3 not available.`
    )
  })

  it("Ukrainian: localized parts; the warning stays English", () => {
    const prompt = BashTool.builder().locale("uk-UA").username("agent").limits({ maxCommands: 5 }).build().systemPrompt()
    expect(prompt).toBe(
      "bashkit: виконує bash-команди в ізольованій віртуальній файловій системі. Повертає JSON з stdout, stderr, exit_code. Домівка /home/agent. " +
        `${UK_GUIDANCE} Ліміти: max_commands=5, max_loop_iterations=10000. perl, python/python3 not available.`
    )
  })

  it("hostname, env, cwd, profile and configure never show in the prompt", () => {
    const plain = BashTool.default().systemPrompt()
    const configured = BashTool.builder()
      .hostname("box")
      .env("SECRET", "value")
      .cwd("/work")
      .profile("hardened")
      .configure((o) => o)
      .build()
      .systemPrompt()
    expect(configured).toBe(plain)
  })

  it("limits appear only when set explicitly, with the profile as the baseline", () => {
    expect(BashTool.builder().profile("hardened").build().systemPrompt()).not.toContain("Limits")
    expect(BashTool.builder().profile("hardened").limits({ maxCommands: 7 }).build().systemPrompt()).toContain(
      "Limits: max_commands=7, max_loop_iterations=2500."
    )
  })

  it("hints come sorted and de-duplicated, before the warning", () => {
    const prompt = BashTool.builder()
      .builtin("b", noop, { hint: "Zeta hint." })
      .builtin("a", noop, { hint: "Alpha hint." })
      .builtin("c", noop, { hint: "Zeta hint." })
      .build()
      .systemPrompt()
    expect(prompt.endsWith(`${EN_GUIDANCE} Alpha hint. Zeta hint. perl, python/python3 not available.`)).toBe(true)
  })

  it.each([
    [[], "perl, python/python3 not available."],
    [["perl"], "python/python3 not available."],
    [["python3"], "perl not available."],
    [["python"], "perl not available."],
    [["perl", "python"], undefined]
  ])("builtins %j give the language warning %j", (names, warning) => {
    const tool = names.reduce((b, name) => b.builtin(name, noop), BashTool.builder()).build()
    if (warning === undefined) {
      expect(tool.systemPrompt().endsWith("giant script.")).toBe(true)
      expect(tool.help()).not.toContain("## Warnings")
    } else {
      expect(tool.systemPrompt().endsWith(` ${warning}`)).toBe(true)
      expect(tool.help()).toContain(`## Warnings\n\n- ${warning}\n`)
    }
  })
})

const sections = (help: string) => help.split("\n").filter((line) => line.startsWith("#"))

describe("help (§1.5)", () => {
  it("default structure: title, description line, version/name/locale, four sections in order", () => {
    const help = BashTool.default().help()
    const lines = help.split("\n")
    expect(lines.slice(0, 7)).toEqual([
      "# Bash",
      "",
      "Run bash commands in an isolated virtual filesystem.",
      "",
      `**Version:** ${BashTool.default().version()}`,
      "**Name:** `bashkit`",
      "**Locale:** `en-US`"
    ])
    expect(sections(help)).toEqual(["# Bash", "## Parameters", "## Result", "## Examples", "## Behavior", "## Warnings"])
    expect(help).toContain("| Name | Type | Required | Default | Description |")
    expect(help).toContain("| `commands` | string | yes | — |")
    expect(help).toContain("| `timeout_ms` | integer | no | — |")
    for (const field of ["stdout", "stderr", "exit_code", "error"]) expect(help).toMatch(new RegExp(`^\\| \`${field}\` \\|`, "m"))
    expect(help.match(/```json\n/g)).toHaveLength(2)
    expect(help).toContain('{"commands": "echo hello"}')
    expect(help).toMatch(/\/tmp\/f\.txt.*"timeout_ms": 5000/)
    expect(help).toContain("awk jq head")
    expect(help).toMatch(/^- Builtins available by default: `echo printf cat read grep sed awk jq head tail /m)
  })

  it("behavior bullets in order: custom commands, user, host, limits, environment keys (never values)", () => {
    const help = BashTool.builder()
      .env("B_KEY", "secret-b")
      .env("A_KEY", "secret-a")
      .limits({ maxCommands: 50, maxLoopIterations: 60, maxFunctionDepth: 7 })
      .hostname("box")
      .username("agent")
      .builtin("tool1", noop)
      .build()
      .help()
    const bullets = help.split("## Behavior\n\n")[1]!.split("\n\n")[0]!.split("\n")
    expect(bullets.slice(3)).toEqual([
      "- Custom commands: `tool1`",
      "- User: `agent`",
      "- Host: `box`",
      "- Limits: 50 commands, 60 loop iterations, 7 function depth",
      "- Environment variables: `B_KEY`, `A_KEY`"
    ])
    expect(help).not.toContain("secret")
  })

  it("a name registered twice is listed once, at its first position, and the last registration runs", () => {
    const tool = BashTool.builder()
      .builtin("dup", () => "first\n")
      .builtin("other", noop)
      .extension({ builtins: [{ name: "dup", command: () => "second\n" }] })
      .build()
    expect(tool.help().match(/`dup`/g)).toHaveLength(1)
    expect(tool.help()).toContain("- Custom commands: `dup`, `other`")
    expect(tool.description()).toContain("Custom commands: dup, other")
  })

  it("hints become the Notes section", () => {
    const help = BashTool.builder().builtin("b", noop, { hint: "B hint." }).builtin("a", noop, { hint: "A hint." }).build().help()
    expect(help).toContain("## Notes\n\n- A hint.\n- B hint.\n")
    expect(sections(help)).toContain("## Notes")
    expect(sections(BashTool.default().help())).not.toContain("## Notes")
  })

  it("Ukrainian: only the title and the description line change", () => {
    const en = BashTool.default().help()
    const uk = BashTool.builder().locale("uk-UA").build().help()
    expect(uk.split("\n").slice(0, 3)).toEqual(["# Баш", "", "Виконує bash-команди в ізольованій віртуальній файловій системі."])
    expect(uk.split("\n").slice(7)).toEqual(en.split("\n").slice(7))
    expect(uk).toContain("**Locale:** `uk-UA`")
  })
})
