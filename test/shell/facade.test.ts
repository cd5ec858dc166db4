import { describe, expect, it } from "vitest"
import { Bash } from "../../src/index.js"

describe("Bash facade", () => {
  it("runs the walking skeleton", async () => {
    const bash = new Bash()
    expect(await bash.exec("echo hello world")).toEqual({ stdout: "hello world\n", stderr: "", exitCode: 0 })
    expect((await bash.exec("true")).exitCode).toBe(0)
    expect((await bash.exec("false")).exitCode).toBe(1)
    expect((await bash.exec("x=1; echo $x")).stdout).toBe("1\n")
    expect((await bash.exec("echo a | cat")).stdout).toBe("a\n")
  })

  it("reports unknown commands like bash", async () => {
    const result = await new Bash().exec("nosuchcmd")
    expect(result.exitCode).toBe(127)
    expect(result.stderr).toBe("bash: line 1: nosuchcmd: command not found\n")
  })

  it("keeps files, cwd and exported variables across exec calls", async () => {
    const bash = new Bash({ files: { "/data/in.txt": "one\ntwo\n" } })
    await bash.exec("mkdir -p /work && cd /work && export GREETING=hi && echo saved > out.txt")
    const result = await bash.exec('pwd; cat out.txt; echo "$GREETING"; cat /data/in.txt')
    expect(result.stdout).toBe("/work\nsaved\nhi\none\ntwo\n")
  })

  it("passes stdin, env and cwd per call", async () => {
    const bash = new Bash()
    const result = await bash.exec('read -r line; echo "$line $NAME $(pwd)"', { stdin: "input\n", env: { NAME: "n" }, cwd: "/tmp" })
    expect(result.stdout).toBe("input n /tmp\n")
  })

  it("runs custom commands with stdin, env, cwd and the sandbox files", async () => {
    const bash = new Bash({
      files: { "/home/user/f.txt": "content" },
      commands: {
        shout: (args, ctx) => ({ stdout: `${args.join(" ").toUpperCase()} ${ctx.stdin.trim()}\n` }),
        peek: async (args, ctx) => `${await ctx.fs.readFile(args[0]!)}@${ctx.cwd}\n`,
        boom: () => {
          throw new Error("it broke")
        }
      }
    })
    expect((await bash.exec("echo in | shout a b")).stdout).toBe("A B in\n")
    expect((await bash.exec("peek f.txt")).stdout).toBe("content@/home/user\n")
    const failed = await bash.exec("boom")
    expect(failed).toEqual({ stdout: "", stderr: "boom: it broke\n", exitCode: 1 })
  })
})

describe("commands that run sub-scripts", () => {
  it("awk pipes and getline reach the sandbox shell with their own streams", async () => {
    const bash = new Bash()
    expect((await bash.exec(`printf '3\\n1\\n2\\n' | awk '{ print | "sort" }'`)).stdout).toBe("1\n2\n3\n")
    expect((await bash.exec(`awk 'BEGIN { "echo hi" | getline x; print "got " x; system("echo sys") }'`)).stdout).toBe("got hi\nsys\n")
  })
})

describe("set -x", () => {
  it("traces assignments with their values and PS4 repeated per command-substitution level, as bash", async () => {
    const script = "set -x; x=$(echo in); y='a b'; echo \"$x\" $y; z=1 true; echo $(echo $(echo deep))"
    const result = await new Bash().exec(script)
    expect(result.stderr).toBe("++ echo in\n+ x=in\n+ y='a b'\n+ echo in a b\n+ z=1\n+ true\n+++ echo deep\n++ echo deep\n+ echo deep\n")
  })
})
