import { Effect } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"

/**
 * Each builtin's synopsis (the text after `NAME: usage: `, as bash prints it in usage errors and
 * `help -s`) and a one-line summary of our own wording for `help -d` and `--help`.
 */
export const builtinUsage: Readonly<Record<string, readonly [synopsis: string, summary: string]>> = {
  ":": [":", "Do nothing and succeed."],
  ".": [". filename [arguments]", "Run the commands of a file in the current shell."],
  "[": ["[ arg... ]", "Evaluate a conditional expression (the last argument must be `]')."],
  alias: ["alias [-p] [name[=value] ... ]", "Define aliases or print them."],
  bg: ["bg [job_spec ...]", "Resume jobs in the background."],
  break: ["break [n]", "Leave the innermost (or Nth) enclosing loop."],
  builtin: ["builtin [shell-builtin [arg ...]]", "Run a shell builtin, bypassing functions of the same name."],
  caller: ["caller [expr]", "Print the line and file of an active function call."],
  cd: ["cd [-L|[-P [-e]] [-@]] [dir]", "Change the working directory."],
  command: ["command [-pVv] command [arg ...]", "Run a command bypassing functions, or describe it."],
  compgen: [
    "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]",
    "Print the completions of a word."
  ],
  complete: [
    "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]",
    "Record how the arguments of a command are completed."
  ],
  compopt: ["compopt [-o|+o option] [-DEI] [name ...]", "Change completion options."],
  continue: ["continue [n]", "Start the next iteration of the innermost (or Nth) enclosing loop."],
  declare: ["declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]", "Set variable values and attributes."],
  dirs: ["dirs [-clpv] [+N] [-N]", "Print the directory stack."],
  disown: ["disown [-h] [-ar] [jobspec ... | pid ...]", "Remove jobs from the job table."],
  echo: ["echo [-neE] [arg ...]", "Print the arguments."],
  enable: ["enable [-a] [-dnps] [-f filename] [name ...]", "List builtins, or enable and disable them."],
  eval: ["eval [arg ...]", "Join the arguments and run them as shell commands."],
  exec: ["exec [-cl] [-a name] [command [argument ...]] [redirection ...]", "Replace the shell with a command, or make redirections permanent."],
  exit: ["exit [n]", "Leave the shell with status N."],
  export: ["export [-fn] [name[=value] ...] or export -p", "Mark variables for export to commands."],
  false: ["false", "Fail with status 1."],
  fc: ["fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]", "List commands from the history."],
  fg: ["fg [job_spec]", "Bring a job to the foreground."],
  getopts: ["getopts optstring name [arg ...]", "Parse positional parameters as options."],
  hash: ["hash [-lr] [-p pathname] [-dt] [name ...]", "Remember or print where commands are found."],
  help: ["help [-dms] [pattern ...]", "Describe builtin commands."],
  history: ["history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]", "Print or change the command history."],
  jobs: ["jobs [-lnprs] [jobspec ...] or jobs -x command [args]", "List background jobs."],
  kill: ["kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]", "Send a signal to a job or process."],
  let: ["let arg [arg ...]", "Evaluate arithmetic expressions."],
  local: ["local [option] name[=value] ...", "Create variables local to a function."],
  logout: ["logout [n]", "Leave a login shell."],
  mapfile: ["mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]", "Read lines into an indexed array."],
  popd: ["popd [-n] [+N | -N]", "Remove a directory from the stack and change to the new top."],
  printf: ["printf [-v var] format [arguments]", "Format and print the arguments."],
  pushd: ["pushd [-n] [+N | -N | dir]", "Push a directory on the stack and change to it."],
  pwd: ["pwd [-LP]", "Print the working directory."],
  read: [
    "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]",
    "Read a line and split it into variables."
  ],
  readarray: ["readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]", "Read lines into an indexed array."],
  readonly: ["readonly [-aAf] [name[=value] ...] or readonly -p", "Make variables unchangeable."],
  return: ["return [n]", "Return from a function or sourced file."],
  set: ["set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]", "Set shell options and positional parameters."],
  shift: ["shift [n]", "Drop the first N positional parameters."],
  shopt: ["shopt [-pqsu] [-o] [optname ...]", "Set, unset or print shell options."],
  source: ["source filename [arguments]", "Run the commands of a file in the current shell."],
  suspend: ["suspend [-f]", "Suspend the shell (not possible here)."],
  test: ["test [expr]", "Evaluate a conditional expression."],
  times: ["times", "Print the accumulated user and system times."],
  trap: ["trap [-lp] [[arg] signal_spec ...]", "Run commands when the shell receives signals or events."],
  true: ["true", "Succeed."],
  type: ["type [-afptP] name [name ...]", "Tell how each name would be run."],
  typeset: ["typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]", "Set variable values and attributes."],
  ulimit: ["ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]", "Print or change resource limits."],
  umask: ["umask [-p] [-S] [mode]", "Print or set the file creation mask."],
  unalias: ["unalias [-a] name [name ...]", "Remove aliases."],
  unset: ["unset [-f] [-v] [-n] [name ...]", "Remove variables or functions."],
  wait: ["wait [-fn] [-p var] [id ...]", "Wait for background jobs and return their status."]
}

/** `NAME: usage: SYNOPSIS` on stderr. */
export const printUsage = (ctx: ShellBuiltinContext, name: string): Effect.Effect<void> => {
  const usage = builtinUsage[name]
  return usage === undefined ? Effect.void : Effect.orElse(ctx.stderr.write(`${name}: usage: ${usage[0]}\n`), () => Effect.void)
}

/** bash's answer to an unknown option: `bash: NAME: -z: invalid option`, the usage line, status 2. */
export const invalidOption = (ctx: ShellBuiltinContext, name: string, option: string): Effect.Effect<number> =>
  Effect.zipRight(ctx.shell.errorLine(`${name}: ${option}: invalid option`), Effect.as(printUsage(ctx, name), 2))

/** A missing option argument: `bash: NAME: -d: option requires an argument`, usage, status 2. */
export const missingArgument = (ctx: ShellBuiltinContext, name: string, option: string): Effect.Effect<number> =>
  Effect.zipRight(ctx.shell.errorLine(`${name}: ${option}: option requires an argument`), Effect.as(printUsage(ctx, name), 2))

/** The text `help NAME` and `NAME --help` print: synopsis line, then the indented summary. */
export const helpText = (name: string): string | undefined => {
  const usage = builtinUsage[name]
  return usage === undefined ? undefined : `${name}: ${usage[0]}\n    ${usage[1]}\n`
}

/** Builtins that take `--help` as an ordinary argument, as in bash. */
const literalHelp = new Set([":", "true", "false", "echo", "test", "[", "bash", "sh"])

/** Give a builtin bash's `--help`: the help text on stdout and status 2 (bash's own status). */
export const withHelp = (builtin: ShellBuiltin): ShellBuiltin => {
  if (literalHelp.has(builtin.name)) return builtin
  const runSync = builtin.runSync
  return {
    ...builtin,
    ...(runSync !== undefined ? { runSync: (shell, argv) => (argv[1] === "--help" ? undefined : runSync(shell, argv)) } : {}),
    run: (ctx) => {
      if (ctx.args[0] !== "--help") return builtin.run(ctx)
      const text = helpText(builtin.name)
      return text === undefined ? builtin.run(ctx) : Effect.as(ctx.stdout.write(text), 2)
    }
  }
}

/**
 * Split leading option words the way bash's internal getopt does: `-abc` bundles, `--` ends
 * options, a lone `-` is an operand. `withValue` lists the letters that take an argument (from
 * the rest of the word or the next word). Returns the options in order, or the first error.
 */
export const scanOptions = (
  args: ReadonlyArray<string>,
  letters: string,
  withValue = "",
  plus = false
): { options: Array<{ letter: string; value: string | undefined; plus: boolean }>; rest: Array<string> } | { error: "invalid" | "missing"; option: string } => {
  const options: Array<{ letter: string; value: string | undefined; plus: boolean }> = []
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") {
      i++
      break
    }
    const isPlus = plus && arg.startsWith("+")
    if (arg.length < 2 || !(arg.startsWith("-") || isPlus)) break
    for (let j = 1; j < arg.length; j++) {
      const c = arg[j]!
      if (withValue.includes(c)) {
        const value = j + 1 < arg.length ? arg.slice(j + 1) : args[++i]
        if (value === undefined) return { error: "missing", option: `-${c}` }
        options.push({ letter: c, value, plus: isPlus })
        break
      }
      if (!letters.includes(c)) return { error: "invalid", option: `${arg[0]}${c}` }
      options.push({ letter: c, value: undefined, plus: isPlus })
    }
  }
  return { options, rest: args.slice(i) }
}

/** Report a `scanOptions` error as bash does and return its status. */
export const optionError = (ctx: ShellBuiltinContext, name: string, error: { error: "invalid" | "missing"; option: string }): Effect.Effect<number> =>
  error.error === "invalid" ? invalidOption(ctx, name, error.option) : missingArgument(ctx, name, error.option)
