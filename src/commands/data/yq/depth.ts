/**
 * Nesting depth guards for yq. The YAML library parses, converts and prints by recursion: a
 * document nested a few hundred levels deep overflows the JS stack (and a stack overflow in the
 * middle of its lexer has left later parses broken). Documents are scanned first, without
 * recursion, and refused past `MAX_YAML_DEPTH` with a clear message; values jq hands back are
 * checked the same way before they are printed as YAML.
 */
import type { WorkMeter } from "../../../limits/Budget.js"

/** Deepest nesting yq accepts (the library overflows the stack at roughly 800 levels). */
export const MAX_YAML_DEPTH = 256

export const tooDeepMessage = `nesting too deep (more than ${MAX_YAML_DEPTH} levels)`

/**
 * An upper estimate of a YAML text's nesting depth: block levels from the indentation stack of
 * each line plus its compact `- ` / `? ` indicators, plus flow brackets open at that point
 * (quoted scalars and comments skipped). True when it passes `MAX_YAML_DEPTH`.
 */
export const yamlTooDeep = (text: string, meter: WorkMeter): boolean => {
  meter.step(text.length >> 4)
  const indents: Array<number> = []
  let flow = 0
  let i = 0
  while (i < text.length) {
    // Start of a line: its indentation decides the block level (inside flow, lines continue).
    let indent = 0
    while (text.charCodeAt(i + indent) === 32) indent++
    i += indent
    let depth = flow
    if (flow === 0 && i < text.length && text[i] !== "\n" && text[i] !== "#") {
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop()
      indents.push(indent)
      depth = indents.length
      // Compact nested collections on one line: `- - - x`, `? - x`.
      while ((text[i] === "-" || text[i] === "?") && (text[i + 1] === " " || text[i + 1] === "\n" || i + 1 === text.length)) {
        depth++
        i += 2
        while (text[i] === " ") i++
      }
      if (depth > MAX_YAML_DEPTH) return true
    }
    const blockDepth = flow === 0 ? depth : indents.length
    // The rest of the line: flow brackets, skipping quoted scalars and comments.
    while (i < text.length && text[i] !== "\n") {
      const c = text[i]!
      if (c === "[" || c === "{") {
        flow++
        if (blockDepth + flow > MAX_YAML_DEPTH) return true
      } else if ((c === "]" || c === "}") && flow > 0) flow--
      else if (c === "'" || c === '"') {
        i++
        while (i < text.length && text[i] !== c) i += text[i] === "\\" && c === '"' ? 2 : 1
      } else if (c === "#" && (i === 0 || text[i - 1] === " " || text[i - 1] === "\t")) {
        while (i < text.length && text[i] !== "\n") i++
        break
      }
      i++
    }
    i++
  }
  return false
}

/** True when a JSON value nests deeper than `MAX_YAML_DEPTH` (checked without recursion). */
export const valueTooDeep = (value: unknown, meter: WorkMeter): boolean => {
  const stack: Array<readonly [unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== "object") continue
    if (depth > MAX_YAML_DEPTH) return true
    const children = Array.isArray(current) ? current : Object.values(current)
    meter.step(children.length + 1)
    for (const child of children) if (child !== null && typeof child === "object") stack.push([child, depth + 1])
  }
  return false
}
