/**
 * Conformance runner: `npm run conformance -- [paths...]` runs bashkit-format spec files, each
 * case in a fresh `Bash` with a per-case timeout, prints pass counts per file and in total, and
 * writes `conformance-report.json`. A `bash_diff` case also passes when it matches what
 * /bin/bash prints. `--ci` fails when the total falls below `test/conformance-floor.json`.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { Bash } from "../../src/Bash.js"
import { parseSpecFile, sameOutput, type SpecCase } from "./specFormat.js"

const here = fileURLToPath(new URL(".", import.meta.url))
const projectRoot = resolve(here, "../..")
const defaultSpecRoot = resolve(projectRoot, "../shared/spec/bashkit")
const floorFile = join(projectRoot, "test/conformance-floor.json")
const reportFile = join(projectRoot, "conformance-report.json")
const CASE_TIMEOUT_MS = 5000

const listSpecFiles = (path: string): Array<string> => {
  const stat = statSync(path)
  if (stat.isFile()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => listSpecFiles(join(path, name)))
    .filter((p) => p.endsWith(".test.sh"))
}

interface CaseResult {
  readonly file: string
  readonly name: string
  readonly passed: boolean
  readonly viaBash: boolean
  readonly skip: boolean
  readonly stdout: string
  readonly expected: string
  readonly exitCode: number
  readonly expectedExitCode: number | undefined
  readonly stderr: string
}

const runOurs = async (c: SpecCase): Promise<{ stdout: string; stderr: string; exitCode: number }> => {
  const bash = new Bash({ limits: { timeoutMs: CASE_TIMEOUT_MS } })
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), CASE_TIMEOUT_MS + 1000)
  try {
    return await bash.exec(c.script, { signal: controller.signal })
  } catch (error) {
    return { stdout: "", stderr: `runner: ${error instanceof Error ? error.message : String(error)}`, exitCode: -1 }
  } finally {
    clearTimeout(timer)
  }
}

/** What /bin/bash prints for a case, run in a scratch directory. */
const runRealBash = (c: SpecCase): { stdout: string; exitCode: number } => {
  const dir = mkdtempSync(join(tmpdir(), "bashkit-conf-"))
  try {
    const result = spawnSync("/bin/bash", ["-c", c.script], {
      cwd: dir,
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: dir, LANG: "C.UTF-8" },
      timeout: CASE_TIMEOUT_MS,
      encoding: "utf8",
      input: ""
    })
    return { stdout: result.stdout ?? "", exitCode: result.status ?? -1 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const judge = async (c: SpecCase): Promise<CaseResult> => {
  const ours = await runOurs(c)
  const exitOk = (code: number | undefined) => code === undefined || ours.exitCode === code
  let passed = sameOutput(ours.stdout, c.expected) && exitOk(c.exitCode)
  let viaBash = false
  if (!passed && c.bashDiff !== undefined) {
    const real = runRealBash(c)
    if (sameOutput(ours.stdout, real.stdout) && (c.exitCode === undefined || ours.exitCode === real.exitCode)) {
      passed = true
      viaBash = true
    }
  }
  return {
    file: c.file,
    name: c.name,
    passed,
    viaBash,
    skip: c.skip !== undefined,
    stdout: ours.stdout,
    expected: c.expected,
    exitCode: ours.exitCode,
    expectedExitCode: c.exitCode,
    stderr: ours.stderr.slice(0, 2000)
  }
}

const main = async () => {
  const args = process.argv.slice(2)
  const ci = args.includes("--ci")
  const verbose = args.includes("--verbose") || args.includes("-v")
  const paths = args.filter((a) => !a.startsWith("--") && a !== "-v")
  const roots = paths.length > 0 ? paths.map((p) => resolve(p)) : [defaultSpecRoot]
  const files = roots.flatMap(listSpecFiles)
  const results: Array<CaseResult> = []
  const perFile: Array<{ file: string; passed: number; total: number }> = []
  for (const path of files) {
    const file = relative(defaultSpecRoot, path)
    const cases = parseSpecFile(file, readFileSync(path, "utf8"))
    let passed = 0
    for (const c of cases) {
      const r = await judge(c)
      results.push(r)
      if (r.passed) passed++
      else if (verbose) {
        console.log(`FAIL ${file} :: ${c.name}\n--- expected (exit ${c.exitCode ?? "any"})\n${c.expected}--- got (exit ${r.exitCode})\n${r.stdout}--- stderr\n${r.stderr}`)
      }
    }
    perFile.push({ file, passed, total: cases.length })
    console.log(`${file.padEnd(48)} ${String(passed).padStart(4)}/${String(cases.length).padEnd(4)}`)
  }
  const total = results.length
  const passed = results.filter((r) => r.passed).length
  const percent = total === 0 ? 0 : (100 * passed) / total
  console.log(`\nTOTAL ${passed}/${total} (${percent.toFixed(1)}%)`)
  writeFileSync(reportFile, JSON.stringify({ date: new Date().toISOString(), passed, total, perFile, failures: results.filter((r) => !r.passed) }, null, 2))
  if (ci) {
    const floor = JSON.parse(readFileSync(floorFile, "utf8")) as { passed: number }
    if (passed < floor.passed) {
      console.error(`conformance: ${passed} passing is below the floor of ${floor.passed}`)
      process.exit(1)
    }
    console.log(`conformance: ${passed} passing (floor ${floor.passed})`)
  }
  process.exit(0)
}

void main()
