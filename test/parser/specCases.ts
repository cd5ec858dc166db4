/** Reads the conformance case scripts from ../shared/spec/bashkit (format: see brief). */
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"

export interface SpecCase {
  readonly file: string
  readonly name: string
  readonly script: string
}

export const specRoot = "/work/shared/spec/bashkit"

const walk = (dir: string): Array<string> => {
  const out: Array<string> = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(...walk(path))
    else if (entry.endsWith(".test.sh")) out.push(path)
  }
  return out.sort()
}

const metadata = /^### [A-Za-z_]+:/

export const readSpecCases = (root = specRoot): Array<SpecCase> => {
  const cases: Array<SpecCase> = []
  for (const file of walk(root)) {
    const lines = readFileSync(file, "utf8").split("\n")
    let name: string | undefined
    let body: Array<string> = []
    for (const line of lines) {
      if (line.startsWith("### ")) {
        if (line === "### expect" || line.startsWith("### expect")) {
          if (name !== undefined) cases.push({ file, name, script: body.join("\n") + "\n" })
          name = undefined
          body = []
        } else if (line === "### end") {
          name = undefined
        } else if (!metadata.test(line)) {
          name = line.slice(4).trim()
          body = []
        }
        continue
      }
      if (name !== undefined) body.push(line)
    }
  }
  return cases
}

/** Does `/bin/bash -n` accept the script? */
export const bashAccepts = (script: string): boolean => {
  try {
    execFileSync("/bin/bash", ["-n", "-O", "extglob"], { input: script, stdio: ["pipe", "ignore", "ignore"] })
    return true
  } catch {
    return false
  }
}
