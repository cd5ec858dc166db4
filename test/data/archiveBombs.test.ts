/**
 * Archive bombs under the exec's budget: a small archive that inflates to far more than the
 * memory budget is inflated in pieces (streamed out, or held on the budget until it runs out),
 * never materialised at once. Each script runs in a child process with an outer kill.
 */
import { Buffer } from "node:buffer"
import { describe, expect, it } from "vitest"
import { gzipCompress } from "../../src/commands/data/archive/gzipFormat.js"
import { writeTar } from "../../src/commands/data/archive/tarFormat.js"
import { writeZip } from "../../src/commands/data/archive/zipFormat.js"
import { outcomesById, runIsolated } from "../support/isolated.js"

/** 64 MiB of zeros: about 64 KiB compressed, four times the memory budget below. */
const zeros = new Uint8Array(64 * 1024 * 1024)
const zipBomb = Buffer.from(writeZip([{ name: "zeros", data: zeros, mode: 0o644, mtimeMs: 0, isDirectory: false }], 9).archive).toString("base64")
const tarBomb = Buffer.from(
  gzipCompress(
    writeTar([{ name: "zeros", type: "file", mode: 0o644, uid: 0, gid: 0, uname: "", gname: "", size: zeros.length, mtime: 0, linkname: "", data: zeros }]),
    { level: 9, mtime: 0 }
  )
).toString("base64")

const limits = { timeoutMs: 5000, maxMemoryBytes: 16 * 1024 * 1024 }
const unpack = (name: string, base64: string) => `base64 -d > ${name} <<'EOF'\n${base64.replace(/(.{76})/g, "$1\n")}\nEOF\n`

describe("archive bombs end under the budget", () => {
  it("unzip -p streams, extraction and tar -z end on the memory limit", async () => {
    const jobs = [
      { id: "unzip-p-head", script: `${unpack("b.zip", zipBomb)}unzip -p b.zip | head -c 4 | od -An -tx1`, options: { limits } },
      { id: "unzip-extract", script: `${unpack("b.zip", zipBomb)}unzip -q b.zip; echo "not reached $?"`, options: { limits } },
      { id: "zip-update", script: `${unpack("b.zip", zipBomb)}echo hi > new; zip -q b.zip new; echo "not reached $?"`, options: { limits } },
      { id: "tar-list", script: `${unpack("b.tgz", tarBomb)}tar tzf b.tgz; echo "not reached $?"`, options: { limits } }
    ]
    const results = await runIsolated(jobs, { killAfterMs: 20_000 })
    const byId = outcomesById(results)
    expect(byId.get("unzip-p-head")).toMatchObject({ stdout: " 00 00 00 00\n", exitCode: 0 })
    for (const id of ["unzip-extract", "zip-update", "tar-list"]) {
      const outcome = byId.get(id)!
      expect(outcome.stdout, id).toBe("")
      expect(outcome.exitCode, id).toBe(126)
      expect(outcome.stderr, id).toMatch(/memory limit exceeded/)
    }
  }, 120_000)
})
