import { differential } from "./differential.js"

differential("history, fc, times, umask, compgen, complete, help", [
  "history; echo \"st=$?\"; history -s foo bar; history -s 'echo x'; history; fc -l; echo \"fc=$?\"; history -c; history; echo st=$?",
  { script: "history -s a; history -d 5; echo st=$?", stderr: true },
  "history -s a; history -s b; history -s c; history 2; fc -l 1 2; fc -ln; fc -lr; history -d 1; history; history -d -1; history",
  { script: "umask -S 077; echo $?; umask; umask -p -S; umask a=rx; umask; umask g-w; umask u+w,o-r; umask; umask abc; echo $?; umask 8; echo $?", stderr: true },
  "umask; umask -p; umask -S; umask 0002; umask",
  "compgen -W 'apple banana apricot' ap; compgen -b | head -3; f1(){ :; }; f2(){ :; }; compgen -A function; compgen -A function f1; abc=1; abd=2; compgen -v ab",
  "mkdir -p cgt/dd; compgen -d cgt/; compgen -W 'x y' z; echo $?",
  "compgen -k | head -3; compgen -W 'foo bar baz' -X 'b*'; compgen -W 'foo bar baz' -X '!b*'; compgen -P pre -S suf -W 'a b'",
  { script: "complete -F _f foo; complete -W 'a b' bar; complete -p; complete -p foo; complete -r foo; complete -p; complete -p nope; echo $?", stderr: true },
  "complete -o nospace -f -d -W 'x y' cmd; complete -A function -F fn cmd2; complete -p",
  { script: "help -s cd echo; help nope; echo $?", stderr: true },
  "help -m cd | sed -n '1p;4,5p'"
])
