import { describe, expect, it } from "vitest"
import { Shared } from "../../src/interpreter/shared.js"
import { ShellState } from "../../src/interpreter/ShellState.js"

const copyMap = (m: Map<string, number>) => new Map(m)

describe("Shared (copy-on-write tables of subshells)", () => {
  it("a sharer that writes gets its own copy; the other keeps the original", () => {
    const parent = Shared.of(new Map([["a", 1]]), copyMap)
    const child = parent.share()
    expect(child.read).toBe(parent.read)
    child.write.set("a", 2)
    expect(child.read.get("a")).toBe(2)
    expect(parent.read.get("a")).toBe(1)
    expect(child.read).not.toBe(parent.read)
  })

  it("the parent writing while a child shares copies too, so the child's view stays fixed", () => {
    const parent = Shared.of(new Map([["a", 1]]), copyMap)
    const child = parent.share()
    parent.write.set("a", 9)
    expect(child.read.get("a")).toBe(1)
    expect(parent.read.get("a")).toBe(9)
  })

  it("after a child releases, the parent writes in place again", () => {
    const parent = Shared.of(new Map([["a", 1]]), copyMap)
    const original = parent.read
    const child = parent.share()
    child.release()
    child.release() // a second release changes nothing
    parent.write.set("a", 3)
    expect(parent.read).toBe(original)
    expect(original.get("a")).toBe(3)
  })

  it("grandchildren count as sharers until they release", () => {
    const parent = Shared.of(new Map([["a", 1]]), copyMap)
    const child = parent.share()
    const grandchild = child.share()
    child.release()
    parent.write.set("a", 2)
    expect(grandchild.read.get("a")).toBe(1)
  })

  it("replace drops the shared table for this handle only", () => {
    const parent = Shared.of(new Map([["a", 1]]), copyMap)
    const child = parent.share()
    child.replace(new Map([["b", 2]]))
    expect(parent.read.get("a")).toBe(1)
    expect(child.read.has("a")).toBe(false)
    const original = parent.read
    parent.write.set("a", 5)
    expect(parent.read).toBe(original)
  })
})

describe("ShellState sharing with subshells", () => {
  it("a subshell's variable, function, alias and option changes never reach its parent, and reads never copy", () => {
    const parent = new ShellState()
    parent.setScalar("x", "1")
    parent.functionsForWrite().set("f", { _tag: "FunctionDef", name: "f" } as never)
    const child = parent.clone()
    expect(child.getScalar("x")).toBe("1")
    expect(child.peek("x")).toBe(parent.peek("x"))
    child.setScalar("x", "2")
    child.functionsForWrite().delete("f")
    child.aliasesForWrite().set("ll", "ls -l")
    child.setShopt("extglob", true)
    expect(parent.getScalar("x")).toBe("1")
    expect(parent.functions.has("f")).toBe(true)
    expect(parent.aliases.has("ll")).toBe(false)
    expect(parent.shopt["extglob"]).toBe(false)
    expect(child.getScalar("x")).toBe("2")
  })

  it("an array changed in place by the parent is not seen by a live subshell", () => {
    const parent = new ShellState()
    parent.setElement("a", 0, "x")
    const child = parent.clone()
    parent.setElement("a", 1, "y")
    expect(child.getValue("a")).toMatchObject({ _tag: "IndexedArray" })
    const childArray = child.getValue("a") as { size: number }
    expect(childArray.size).toBe(1)
    child.release()
  })
})
