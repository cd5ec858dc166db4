import { differential } from "./differential.js"

differential("wait, jobs, kill, disown", [
  { script: "sleep 1 & sleep 2 & jobs -p | wc -l; kill %1; wait %1; echo $?; kill %2; disown %1; echo $?; wait; jobs %3; echo $?; kill %7; echo $?; disown -a; echo $?", stderr: true },
  "sleep 5 & kill $!; wait $!; echo $?",
  { script: "kill -l 9; kill -s KILL 1; echo $?; kill 99999; echo $?; kill -l | head -2", stderr: true },
  { script: "suspend; echo $?; disown; echo $?; fg; echo $?; bg; echo $?", stderr: true },
  "{ sleep 0.1; exit 3; } & wait -n; echo $?; (exit 4) & wait $!; echo $?",
  "(exit 5) & p=$!; wait -p who $p; echo $? $([ \"$who\" = \"$p\" ] && echo same)",
  { script: "wait 12345; echo $?; wait %9; echo $?", stderr: true },
  { script: "kill; echo $?; kill -9; echo $?", stderr: true },
  "bash -c 'kill $$; echo after'; echo \"st=$?\"; bash -c 'kill -9 $$; echo after'; echo \"st=$?\"; bash -c 'kill -WINCH $$; echo after'; echo \"st=$?\"",
  "bash -c 'trap \"\" TERM; kill $$; echo after'; echo \"st=$?\"; bash -c 'trap \"echo t; exit 4\" TERM; kill $$; echo after'; echo \"st=$?\"",
  "kill -0 $$; echo $?; (kill $BASHPID; echo notreached); echo \"sub=$?\"; trap 'echo caught' USR1; kill -USR1 $$; echo after $?"
])
