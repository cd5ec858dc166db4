import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { yqCommand } from "../../src/commands/data/yq/yq.js"
import { runCommand } from "../support/commandHarness.js"

interface Case {
  readonly name: string
  readonly args: ReadonlyArray<string>
  readonly stdin?: string
  readonly files?: Record<string, string>
  readonly stdout: string
  readonly exitCode?: number
}

const cases: ReadonlyArray<Case> = [
  { name: "identity prints YAML", args: [], stdin: "name: bashkit\nenabled: true\n", stdout: "enabled: true\nname: bashkit\n" },
  { name: "scalars are unwrapped", args: [".name"], stdin: "name: bashkit\n", stdout: "bashkit\n" },
  { name: "eval subcommand", args: ["eval", ".a.b"], stdin: "a:\n  b: [1, 2]\n", stdout: "- 1\n- 2\n" },
  { name: "select over a sequence", args: [".items[] | select(.kind == \"fruit\") | .name"], stdin: "items:\n  - name: apple\n    kind: fruit\n  - name: carrot\n    kind: veg\n", stdout: "apple\n" },
  { name: "multiple documents get separators", args: [".id"], stdin: "---\nid: 1\n---\nid: 2\n", stdout: "1\n---\n2\n" },
  { name: "-N drops separators", args: ["-N", ".id"], stdin: "---\nid: 1\n---\nid: 2\n", stdout: "1\n2\n" },
  { name: "JSON output, compact", args: ["-o=json", "-I=0"], stdin: "b: [1, 2]\na: x\n", stdout: '{"a":"x","b":[1,2]}\n' },
  { name: "JSON output, indent 4", args: ["--output-format=json", "--indent=4", ".a"], stdin: "a:\n  k: 1\n", stdout: '{\n    "k": 1\n}\n' },
  { name: "JSON input", args: ["-p=json", ".nested"], stdin: '{"nested":{"ok":true}}', stdout: "ok: true\n" },
  { name: "JSON file by extension", args: [".name", "/d.json"], files: { "/d.json": '{"name":"n"}' }, stdout: "n\n" },
  { name: "lone file operand is the input", args: ["/c.yml"], files: { "/c.yml": "k: v\n" }, stdout: "k: v\n" },
  { name: "slurp", args: ["-s", "map(.id)"], stdin: "---\nid: 1\n---\nid: 2\n", stdout: "- 1\n- 2\n" },
  { name: "null input", args: ["-n", "{generated: true}"], stdout: "generated: true\n" },
  { name: "empty input is null", args: ["."], stdin: "", stdout: "null\n" },
  { name: "-e on false", args: ["-e", ".enabled"], stdin: "enabled: false\n", stdout: "false\n", exitCode: 1 },
  { name: "bundled -rje", args: ["-rje", ".name"], stdin: "name: bashkit\n", stdout: "bashkit\n" },
  { name: "updates", args: [".count += 2 | .enabled = true"], stdin: "count: 1\nname: x\n", stdout: "count: 3\nenabled: true\nname: x\n" },
  { name: "strings that need quoting stay YAML", args: [".a"], stdin: "a:\n  s: \"true\"\n", stdout: 's: "true"\n' },
  { name: "invalid YAML", args: ["."], stdin: "a: [1,\n", stdout: "", exitCode: 1 },
  { name: "jq errors are yq's", args: [".a.b"], stdin: "a: [1]\n", stdout: "", exitCode: 5 }
]

describe("yq", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const r = await runCommand(yqCommand, c.args, { ...(c.stdin === undefined ? {} : { stdin: c.stdin }), ...(c.files === undefined ? {} : { files: c.files }) })
      expect(r.stdout).toBe(c.stdout)
      expect(r.exitCode).toBe(c.exitCode ?? 0)
    })
  }
  it("labels messages yq", async () => {
    const r = await runCommand(yqCommand, [".a.b"], { stdin: "a: [1]\n" })
    expect(r.stderr).toMatch(/^yq: error \(at <stdin>:\d+\): Cannot index array/)
  })
  it("refuses documents nested too deep with a clear message, and parses after", async () => {
    for (const stdin of ["[".repeat(20_000), "- ".repeat(20_000), `a:\n${Array.from({ length: 300 }, (_, i) => `${" ".repeat(i + 1)}k${i}:`).join("\n")} 1\n`]) {
      const r = await runCommand(yqCommand, ["."], { stdin })
      expect(r.stderr).toBe("yq: invalid YAML: nesting too deep (more than 256 levels)\n")
      expect(r.exitCode).toBe(1)
    }
    const nested = `${"[".repeat(200)}1${"]".repeat(200)}`
    const ok = await runCommand(yqCommand, ["-o=json", "-I=0", "."], { stdin: nested })
    expect(ok.stdout).toBe(`${nested}\n`)
    const deepJson = await runCommand(yqCommand, ["-p=json", "."], { stdin: `${"[".repeat(300)}${"]".repeat(300)}` })
    expect(deepJson.stderr).toBe("yq: cannot print the result as YAML: nesting too deep (more than 256 levels)\n")
    expect(deepJson.exitCode).toBe(1)
  })
  it("-i rewrites the file", async () => {
    const r = await runCommand(yqCommand, ["-i", ".v = 2", "/c.yml"], { files: { "/c.yml": "v: 1\n" } })
    expect(r.exitCode).toBe(0)
    expect(await Effect.runPromise(r.fs.readText("/c.yml"))).toBe("v: 2\n")
  })
})
