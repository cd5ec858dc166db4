import { execFileSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { dateCommand } from "../../src/commands/system/date/date.js"
import { runCommand } from "../support/commandHarness.js"

const hostDate = (args: ReadonlyArray<string>, tz = "UTC"): string =>
  execFileSync("date", args, { encoding: "utf8", env: { LC_ALL: "C", TZ: tz } })

const EVERY_SPECIFIER =
  "%a|%A|%b|%B|%c|%C|%d|%D|%e|%F|%g|%G|%h|%H|%I|%j|%k|%l|%m|%M|%n|%N|%p|%P|%q|%r|%R|%s|%S|%t|%T|%u|%U|%V|%w|%W|%x|%X|%y|%Y|%z|%:z|%::z|%:::z|%Z|%%"
const FLAGS = "%-d|%_m|%05Y|%^a|%#B|%#p|%#Z|%10A|%-j|%3N|%6N|%_H|%-I|%Ey|%Od|%Q"

const INSTANTS = ["0", "1700000000", "951782400", "1609459199", "1230768000", "-86400", "1356998400.123456789", "2147483647", "1104537600", "1262304000"]

describe("date +FORMAT matches GNU date", () => {
  for (const instant of INSTANTS) {
    for (const format of [EVERY_SPECIFIER, FLAGS]) {
      it(`@${instant} ${format.slice(0, 12)}`, async () => {
        const args = ["-u", "-d", `@${instant}`, `+${format}`]
        const result = await runCommand(dateCommand, args)
        expect(result.stdout).toBe(hostDate(args))
      })
    }
  }

  it.each([
    ["UTC"], ["EST5"], ["XYZ-5:30"], ["America/New_York"], ["Europe/Paris"], ["Asia/Kolkata"], ["UTC0"]
  ])("TZ=%s", async (tz) => {
    for (const instant of ["1700000000", "1689000000"]) {
      const args = ["-d", `@${instant}`, "+%F %T %z %:z %s"]
      const result = await runCommand(dateCommand, args, { env: { TZ: tz } })
      expect(result.stdout).toBe(hostDate(args, tz))
    }
  })

  it.each([
    ["-R"], ["-I"], ["-Iseconds"], ["-Ins"], ["-Ihours"], ["-Iminutes"], ["--rfc-3339=seconds"], ["--rfc-3339=ns"], []
  ])("output style %s", async (...style) => {
    const args = ["-d", "@1700000000.5", ...style]
    const result = await runCommand(dateCommand, args, { env: { TZ: "UTC" } })
    expect(result.stdout).toBe(hostDate(args))
  })
})

describe("date -d strings match GNU date", () => {
  it.each([
    "2024-01-15", "2024-01-15T12:00:00", "2024-01-15 12:34:56", "2024-01-15T12:00:00Z", "2024-01-15T12:00:00+02:00",
    "2024-06-15 - 30 days", "2024-01-15 + 30 days", "Mon, 06 Apr 2026 12:00:00 +0000", "Wed, 01 Jan 2020 00:00:00 +0000",
    "Jan 15 2024", "15 January 2024", "01/15/2024", "2024-01-31 + 1 month", "2024-03-10 3 weeks ago", "20240115",
    "2024-02-29 + 1 year", "2020-01-01 12:00 next day", "tuesday 2020-01-01", "2020-01-01 3pm", "2020-01-01 10:30pm", "@1700000000", "2024-01-15 +2 hours",
    "2024-01-15 next day", "2024-01-15 last month", "2024-01-15 next month", "2024-01-15 this week", "December 25, 2023"
  ])("-d '%s'", async (text) => {
    const args = ["-d", text, "+%F %T %z"]
    const result = await runCommand(dateCommand, args, { env: { TZ: "UTC" } })
    expect(result.stdout).toBe(hostDate(args))
    expect(result.exitCode).toBe(0)
  })

  it("relative words move from now by whole days", async () => {
    const now = Math.floor(Date.now() / 1000)
    for (const [text, days] of [["yesterday", -1], ["tomorrow", 1], ["30 days ago", -30], ["now", 0], ["yesterday + 12 hours", -0.5]] as const) {
      const result = await runCommand(dateCommand, ["-d", text, "+%s"], { env: {} })
      expect(Math.abs(Number(result.stdout) - (now + days * 86400))).toBeLessThan(5)
    }
  })

  it("applies relative items after an epoch (bashkit extension)", async () => {
    const result = await runCommand(dateCommand, ["-d", "@1700000000 - 1 day", "+%s"])
    expect(result.stdout).toBe("1699913600\n")
  })
})

describe("date errors and files", () => {
  it("rejects an invalid date string", async () => {
    const result = await runCommand(dateCommand, ["-d", "not a date"])
    expect(result.stderr).toBe("date: invalid date 'not a date'\n")
    expect(result.exitCode).toBe(1)
  })

  it("reads -r mtimes relative to cwd and reports missing files", async () => {
    const { Effect } = await import("effect")
    const first = await runCommand(dateCommand, ["-r", "f.txt", "+%Y%m%d%H%M.%S"], { files: { "/home/user/f.txt": "x" } })
    await Effect.runPromise(first.fs.utimes("/home/user/f.txt", 0, Date.UTC(2026, 3, 6, 12, 0, 0)))
    const result = await runCommand(dateCommand, ["-r", "f.txt", "+%Y%m%d%H%M.%S"], { fs: first.fs })
    expect(result.stdout).toBe("202604061200.00\n")
    const missing = await runCommand(dateCommand, ["-r", "nope"])
    expect(missing.stderr).toBe("date: nope: No such file or directory\n")
    expect(missing.exitCode).toBe(1)
  })

  it("prints usage for --help and fails on bad options", async () => {
    expect((await runCommand(dateCommand, ["--help"])).stdout.split("\n")[0]).toBe("Usage: date [+FORMAT] [-u] [-R] [-I[TIMESPEC]] [-d STRING] [-r FILE]")
    const bad = await runCommand(dateCommand, ["-Q"])
    expect(bad.stderr).toBe("date: invalid option -- 'Q'\nTry 'date --help' for more information.\n")
    expect(bad.exitCode).toBe(1)
  })
})
