/** Linux signal names and numbers, for `kill` and `timeout`. */

export const SIGNALS: ReadonlyArray<readonly [number, string]> = [
  [1, "HUP"], [2, "INT"], [3, "QUIT"], [4, "ILL"], [5, "TRAP"], [6, "ABRT"], [7, "BUS"], [8, "FPE"], [9, "KILL"],
  [10, "USR1"], [11, "SEGV"], [12, "USR2"], [13, "PIPE"], [14, "ALRM"], [15, "TERM"], [16, "STKFLT"], [17, "CHLD"],
  [18, "CONT"], [19, "STOP"], [20, "TSTP"], [21, "TTIN"], [22, "TTOU"], [23, "URG"], [24, "XCPU"], [25, "XFSZ"],
  [26, "VTALRM"], [27, "PROF"], [28, "WINCH"], [29, "IO"], [30, "PWR"], [31, "SYS"]
]

const realtimeName = (number: number): string | undefined => {
  if (number < 34 || number > 64) return undefined
  if (number === 34) return "RTMIN"
  if (number === 64) return "RTMAX"
  return number <= 49 ? `RTMIN+${number - 34}` : `RTMAX-${64 - number}`
}

/** The name of a signal number without the SIG prefix. */
export const signalName = (number: number): string | undefined =>
  SIGNALS.find(([n]) => n === number)?.[1] ?? realtimeName(number)

/** A signal number from a name (`TERM`, `SIGTERM`, `term`) or a number; undefined when unknown. */
export const signalNumber = (text: string): number | undefined => {
  if (/^\d+$/.test(text)) {
    const number = Number(text)
    return number === 0 || signalName(number) !== undefined ? number : undefined
  }
  const name = text.toUpperCase().replace(/^SIG/, "")
  if (name === "CLD") return 17
  if (name === "POLL") return 29
  const found = SIGNALS.find(([, n]) => n === name)
  if (found !== undefined) return found[0]
  for (let n = 34; n <= 64; n++) if (realtimeName(n) === name) return n
  return undefined
}
