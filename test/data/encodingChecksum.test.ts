import { execFileSync, spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { checksumCommands } from "../../src/commands/data/checksum/checksum.js"
import { cksumCommand } from "../../src/commands/data/checksum/cksum.js"
import { base32Command, base64Command } from "../../src/commands/data/encoding/base64.js"
import type { Command } from "../../src/commands/Command.js"
import { runCommand } from "../support/commandHarness.js"

const hostHas = (tool: string): boolean => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0
const byName = (name: string): Command => [...checksumCommands, cksumCommand, base64Command, base32Command].find((c) => c.name === name)!

/** Inputs exercising padding, wrapping, binary bytes and emptiness. */
const samples: ReadonlyArray<Uint8Array> = [
  new Uint8Array(0),
  new TextEncoder().encode("a"),
  new TextEncoder().encode("hello\n"),
  Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 0xff),
  Uint8Array.from({ length: 57 }, (_, i) => 255 - i)
]

describe("differential against the host's coreutils", () => {
  const host = (tool: string, args: ReadonlyArray<string>, input: Uint8Array) =>
    spawnSync(tool, args, { input, env: { LC_ALL: "C" } })
  for (const [tool, args] of [
    ["base64", []],
    ["base64", ["-w", "0"]],
    ["base64", ["-w", "10"]],
    ["base32", []],
    ["md5sum", []],
    ["sha1sum", []],
    ["sha224sum", []],
    ["sha256sum", ["--tag"]],
    ["sha384sum", ["-b"]],
    ["sha512sum", []],
    ["b2sum", []],
    ["cksum", []],
    ["cksum", ["-a", "sha256"]]
  ] as const) {
    it.skipIf(!hostHas(tool))(`${tool} ${args.join(" ")}`, async () => {
      for (const input of samples) {
        const ours = await runCommand(byName(tool), args, { stdin: input })
        const theirs = host(tool, args, input)
        expect(ours.stdout).toBe(theirs.stdout.toString("latin1"))
        expect(ours.exitCode).toBe(theirs.status)
      }
    })
  }

  for (const [tool, encoded] of [
    ["base64", "YQ=="],
    ["base64", "YQ"],
    ["base64", "YQ==YQ=="],
    ["base64", "YQ==\nYg==\n"],
    ["base64", "Y!Q=="],
    ["base64", "aGVsbG8K"],
    ["base32", "ME======"],
    ["base32", "ME"],
    ["base32", "NBSWY3DPBI======\n"]
  ] as const) {
    it.skipIf(!hostHas(tool))(`${tool} -d ${JSON.stringify(encoded)}`, async () => {
      const input = new TextEncoder().encode(encoded)
      for (const flags of [["-d"], ["-d", "-i"]]) {
        const ours = await runCommand(byName(tool), flags, { stdin: input })
        const theirs = host(tool, flags, input)
        expect(ours.stdoutBytes).toEqual(new Uint8Array(theirs.stdout))
        expect(ours.exitCode).toBe(theirs.status)
        expect(ours.stderr).toBe(theirs.stderr.toString())
      }
    })
  }
})

describe("checksums", () => {
  const md5 = byName("md5sum")
  it("hashes files and names them", async () => {
    const r = await runCommand(md5, ["/a", "/b"], { files: { "/a": "aaa", "/b": "bbb" } })
    expect(r.stdout).toBe("47bce5c74f589f4867dbd57e9ca9f808  /a\n08f8e0260c64418510cefb2b06eee5cd  /b\n")
  })
  it("escapes backslashes in names", async () => {
    const r = await runCommand(md5, ["a\\b"], { files: { "/home/user/a\\b": "x" } })
    expect(r.stdout).toBe("\\9dd4e461268c8034f5c8564e155c67a6  a\\\\b\n")
  })
  it("reports a missing file", async () => {
    const r = await runCommand(md5, ["/nope"])
    expect(r.stderr).toBe("md5sum: /nope: No such file or directory\n")
    expect(r.exitCode).toBe(1)
  })
  it("checks a list: OK, FAILED, unreadable, malformed", async () => {
    const list = [
      "47bce5c74f589f4867dbd57e9ca9f808  a",
      "MD5 (b) = 47bce5c74f589f4867dbd57e9ca9f808",
      "47bce5c74f589f4867dbd57e9ca9f808 *gone",
      "garbage"
    ].join("\n")
    const r = await runCommand(md5, ["-c", "list"], { files: { "/home/user/list": `${list}\n`, "/home/user/a": "aaa", "/home/user/b": "bbb" } })
    expect(r.stdout).toBe("a: OK\nb: FAILED\ngone: FAILED open or read\n")
    expect(r.stderr).toBe(
      "md5sum: gone: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n"
    )
    expect(r.exitCode).toBe(1)
  })
  it("--quiet and --status", async () => {
    const files = { "/home/user/list": "47bce5c74f589f4867dbd57e9ca9f808  a\n", "/home/user/a": "aaa" }
    expect((await runCommand(md5, ["-c", "--quiet", "list"], { files })).stdout).toBe("")
    const bad = { ...files, "/home/user/a": "zzz" }
    const r = await runCommand(md5, ["-c", "--status", "list"], { files: bad })
    expect([r.stdout, r.stderr, r.exitCode]).toEqual(["", "", 1])
  })
  it("-c with no checksum lines", async () => {
    const r = await runCommand(byName("sha256sum"), ["-c"])
    expect(r.stderr).toBe("sha256sum: standard input: no properly formatted checksum lines found\n")
    expect(r.exitCode).toBe(1)
  })
  it("round-trips with the host's -c", () => {
    if (!hostHas("sha256sum")) return
    const line = execFileSync("sha256sum", ["-"], { input: "data" }).toString()
    expect(line.endsWith("  -\n")).toBe(true)
  })
})
