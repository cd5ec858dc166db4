import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import type { InputStream } from "../../../src/commands/Command.js"
import { sedCommand } from "../../../src/commands/text/search/sed/sed.js"
import { defaultLimits, LimitExceeded } from "../../../src/limits/ExecutionLimits.js"
import { runCommand } from "../../support/commandHarness.js"

/** sed reads its input line by line as it goes: chunk boundaries never show, endless input is fine. */
const hostSed = spawnSync("sed", ["--version"]).status === 0
const hostEnv = { LC_ALL: "C.UTF-8" }

/** An endless stdin of `line\n` repeated; it fails the test if read more than `maxReads` times. */
const endless = (line: string, maxReads = 2000) => {
  const chunk = new TextEncoder().encode(`${line}\n`.repeat(Math.ceil(65536 / (line.length + 1))))
  const state = { reads: 0 }
  const stream: InputStream = {
    read: Effect.sync(() => {
      if (++state.reads > maxReads) throw new Error(`endless stdin read ${state.reads} times`)
      return chunk
    }),
    readAll: Effect.sync(() => {
      throw new Error("readAll on an endless stdin")
    })
  }
  return { stream, state }
}

describe.skipIf(!hostSed)("sed on input cut at any byte agrees with GNU sed", () => {
  const input = "héllo wörld\nfoo bar\n\naaa\nabcabc\nlast line"
  const scripts: ReadonlyArray<ReadonlyArray<string>> = [
    ["p"], ["-n", "$p"], ["$!N;s/\\n/ /"], ["N;P;D"], ["1h;1!H;$!d;x;s/\\n/,/g"], ["s/./X/2"], ["-n", "l"], ["="],
    ["$a\\\nend"], ["x"], ["H;g"], ["$!d;x"], ["x;G"], ["2q"], ["-n", "/foo/,$p"], ["-z", "s/\\n/|/g"], ["G"], ["n;d"], ["$!d"], ["-n", "N;N;p"]
  ]
  it.each(scripts.flatMap((argv) => [1, 3, 7].map((size) => [`${argv.join(" ")} (chunks of ${size})`, argv, size] as const)))(
    "sed %s",
    async (_, argv, size) => {
      const host = spawnSync("sed", argv, { input, env: hostEnv })
      const ours = await runCommand(sedCommand, [...argv], { stdin: input, stdinChunkSize: size })
      expect({ stdout: ours.stdout, status: ours.exitCode }).toEqual({ stdout: host.stdout.toString(), status: host.status })
    }
  )

  it("keeps bytes that are not UTF-8 as they were", async () => {
    const bytes = Uint8Array.from([0x61, 0xff, 0x0a, 0xc3, 0xa9, 0x61, 0x0a, 0x62, 0x0a])
    for (const size of [1, 2, 64]) {
      const host = spawnSync("sed", ["s/a/<&>/g"], { input: bytes, env: hostEnv })
      const ours = await runCommand(sedCommand, ["s/a/<&>/g"], { stdin: bytes, stdinChunkSize: size })
      expect(Array.from(ours.stdoutBytes)).toEqual(Array.from(host.stdout))
    }
  })
})

describe.skipIf(!hostSed)("sed over several files agrees with GNU sed", () => {
  const files: Record<string, string> = { a: "a1\na2\n", b: "b1\nb2", c: "c1\n", e: "" }
  const dir = mkdtempSync(join(tmpdir(), "sed-files-"))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const vfsFiles = Object.fromEntries(Object.entries(files).map(([name, text]) => [`/w/${name}`, text]))

  const cases: ReadonlyArray<ReadonlyArray<string>> = [
    ["p", "a", "b", "c"], ["-n", "$p", "a", "b", "c"], ["-s", "-n", "$p", "a", "b", "c"], ["F", "a", "b"], ["N;N;s/\\n/+/g", "a", "b", "c"],
    ["-n", "$=", "a", "b", "e", "c"], ["-s", "1d", "a", "b", "c"], ["-n", "$p", "a", "nope", "c"], ["-n", "$p", "a", "c", "nope"],
    ["2q", "a", "b"], ["-s", "2q", "a", "b"], ["$!d", "b", "a"], ["-s", "$s/$/!/", "b", "e", "a"]
  ]
  it.each(cases.map((argv) => [argv.join(" "), argv] as const))("sed %s", async (_, argv) => {
    const host = spawnSync("sed", argv, { cwd: dir, env: hostEnv })
    const ours = await runCommand(sedCommand, [...argv], { files: vfsFiles, cwd: "/w" })
    expect({ stdout: ours.stdout, stderr: ours.stderr, status: ours.exitCode }).toEqual({
      stdout: host.stdout.toString(),
      stderr: host.stderr.toString(),
      status: host.status
    })
  })

  it.each([[["-i", "s/1/one/", "a", "b"]], [["-i", "2q", "a", "c"]], [["-i", "$d", "b", "nope", "c"]], [["-i.bak", "-n", "1p", "a"]]])(
    "sed %j edits like GNU sed",
    async (argv) => {
      const editDir = mkdtempSync(join(tmpdir(), "sed-edit-"))
      for (const [name, text] of Object.entries(files)) writeFileSync(join(editDir, name), text)
      const host = spawnSync("sed", argv, { cwd: editDir, env: hostEnv })
      const ours = await runCommand(sedCommand, [...argv], { files: vfsFiles, cwd: "/w" })
      expect({ stderr: ours.stderr, status: ours.exitCode }).toEqual({ stderr: host.stderr.toString(), status: host.status })
      for (const name of [...Object.keys(files), "a.bak"]) {
        const theirs = spawnSync("cat", [name], { cwd: editDir }).status === 0 ? readFileSync(join(editDir, name), "utf8") : undefined
        const mine = await Effect.runPromise(Effect.either(ours.fs.readText(`/w/${name}`)))
        expect(mine._tag === "Right" ? mine.right : undefined).toBe(theirs)
      }
      rmSync(editDir, { recursive: true, force: true })
    }
  )
})

describe("sed stops reading when it is done", () => {
  it.each([
    [["q"], "y\n"],
    [["5q"], "y\n".repeat(5)],
    [["-n", "3{p;q}"], "y\n"],
    [["$!N;P;D;"], undefined],
    [["-n", "N;N;s/\\n/,/g;p;9q"], "y,y,y\ny,y,y\ny,y,y\n"]
  ])("yes | sed %j", async (argv, expected) => {
    const { stream, state } = endless("y", expected === undefined ? 30 : 2000)
    const limits = { ...defaultLimits, maxMemoryBytes: 1024 * 1024 }
    if (expected === undefined) {
      // Never ends by itself: it must still run in bounded memory (here until the read cap).
      const result = runCommand(sedCommand, argv, { stdinStream: stream, limits })
      await expect(result).rejects.toThrow(/endless stdin read/)
      return
    }
    const result = await runCommand(sedCommand, argv, { stdinStream: stream, limits })
    expect(result.stdout).toBe(expected)
    expect(result.exitCode).toBe(0)
    expect(state.reads).toBe(1)
  })
})

describe("sed holds its spaces on the memory budget", () => {
  const limits = { ...defaultLimits, maxMemoryBytes: 4 * 1024 * 1024 }
  it.each([[["H;$!d"]], [[":a;N;ba"]], [["G;h;$!d"]]])("yes | sed %j ends with the memory limit", async (argv) => {
    const { stream } = endless("y", 100_000)
    const result = await runCommand(sedCommand, argv, { stdinStream: stream, limits })
    expect(result.failure).toBeInstanceOf(LimitExceeded)
    expect((result.failure as LimitExceeded).limit).toBe("maxMemoryBytes")
    expect(result.failure?.message).toMatch(/^memory limit exceeded/)
  })

  it("a space that doubles itself ends with the memory limit", async () => {
    const result = await runCommand(sedCommand, [":a;G;h;ba"], { stdin: "abc\n", limits })
    expect((result.failure as LimitExceeded).limit).toBe("maxMemoryBytes")
  })

  it("a space longer than the longest value ends with the string limit", async () => {
    const result = await runCommand(sedCommand, [":a;s/.*/&&/;ta"], { stdin: "abc\n", limits: { ...defaultLimits, maxStringLength: 100_000 } })
    expect((result.failure as LimitExceeded).limit).toBe("maxStringLength")
  })

  it("a line longer than the longest value ends with the string limit", async () => {
    const chunk = new Uint8Array(65536).fill(0x79)
    const stream: InputStream = { read: Effect.succeed(chunk), readAll: Effect.die("readAll") }
    const result = await runCommand(sedCommand, ["p"], { stdinStream: stream, limits: { ...defaultLimits, maxStringLength: 1_000_000 } })
    expect((result.failure as LimitExceeded).limit).toBe("maxStringLength")
  })
})
