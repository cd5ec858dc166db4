/** A shell glob (`*`, `?`, `[...]`, `\x`) as an anchored RegExp, for --include/--exclude and rg -g. */
export const globToRegExp = (glob: string): RegExp => {
  let out = ""
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "*") out += "[\\s\\S]*"
    else if (c === "?") out += "[\\s\\S]"
    else if (c === "\\" && i + 1 < glob.length) out += escape(glob[++i]!)
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2)
      if (close === -1) out += "\\["
      else {
        let body = glob.slice(i + 1, close)
        const negated = body.startsWith("!") || body.startsWith("^")
        if (negated) body = body.slice(1)
        out += `[${negated ? "^" : ""}${body.replace(/[\\\]]/g, "\\$&")}]`
        i = close
      }
    } else out += escape(c)
  }
  return new RegExp(`^${out}$`)
}

const escape = (c: string): string => c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")
