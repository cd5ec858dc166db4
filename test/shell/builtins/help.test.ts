import { differential, type Case } from "./differential.js"

const names = [
  "printf", "exit", "return", "break", "continue", "shift", "eval", "source", "declare", "typeset", "local", "export", "readonly", "unset",
  "set", "shopt", "cd", "pwd", "read", "mapfile", "readarray", "let", "type", "command", "alias", "unalias", "trap", "wait", "getopts",
  "caller", "pushd", "popd", "dirs", "hash", "builtin", "enable", "compgen", "complete", "help", "times", "umask", "jobs", "disown",
  "suspend", "history", "fc", "kill"
]

/** `NAME --help`: bash's synopsis line on stdout, status 2. */
const helpCases: Array<Case> = names.map((n) => ({ script: `${n} --help > out; echo "st=$?"; head -1 out`, stderr: true }))

/** An unknown option: `bash: NAME: -z: invalid option`, the usage line, status 2. */
const invalidOptionCases: Array<Case> = names
  .filter((n) => !["exit", "return", "break", "continue", "shift", "local", "kill", "exec", "let", "caller"].includes(n))
  .map((n) => ({ script: `${n} -z; echo "st=$?"`, stderr: true }))

differential("--help", [...helpCases, "echo --help; : --help; true --help; test --help; echo $?"])
differential("invalid options", invalidOptionCases)
