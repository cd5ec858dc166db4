import type { DigestAlgorithm } from "./digests.js"

/** One parsed line of a checksum file (`-c`). */
export interface CheckLine {
  readonly digest: string
  readonly file: string
}

/** GNU escapes names holding a backslash or newline and marks the line with a leading `\`. */
export const escapeName = (name: string): { readonly text: string; readonly escaped: boolean } => {
  if (!/[\\\n\r]/.test(name)) return { text: name, escaped: false }
  return { text: name.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r"), escaped: true }
}

const unescapeName = (text: string): string | undefined => {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c !== "\\") {
      out += c
      continue
    }
    const next = text[++i]
    if (next === "\\") out += "\\"
    else if (next === "n") out += "\n"
    else if (next === "r") out += "\r"
    else return undefined
  }
  return out
}

/** Parse `HASH  NAME`, `HASH *NAME` or `TAG (NAME) = HASH`; undefined when malformed. */
export const parseCheckLine = (raw: string, algorithm: DigestAlgorithm): CheckLine | undefined => {
  let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw
  const escaped = line.startsWith("\\")
  if (escaped) line = line.slice(1)
  const hex = `[0-9a-fA-F]{${algorithm.hexLength}}`
  const tagged = new RegExp(`^${algorithm.tag} \\((.*)\\) = (${hex})$`).exec(line)
  const plain = tagged === null ? new RegExp(`^(${hex}) [ *](.*)$`).exec(line) : null
  const file = tagged !== null ? tagged[1] : plain?.[2]
  const digest = tagged !== null ? tagged[2] : plain?.[1]
  if (file === undefined || digest === undefined || file === "") return undefined
  const name = escaped ? unescapeName(file) : file
  return name === undefined ? undefined : { digest: digest.toLowerCase(), file: name }
}
