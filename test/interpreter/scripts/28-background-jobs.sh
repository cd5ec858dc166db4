# wait / $! with background jobs (deterministic output only).
sleep 0.1 & pid=$!; wait $pid; echo "st=$?"; [[ -n $pid ]] && echo haspid
#--
(exit 3) & wait $!; echo "st=$?"; false & wait; echo "all=$?"
#--
f() { sleep 0.05; return 4; }; f & p=$!; wait "$p"; echo "f=$?"
#--
wait; echo "nothing=$?"; wait 12345 2>&1 | sed 's/[0-9]\+/N/'; echo "st=${PIPESTATUS[0]}"
#--
{ echo a; sleep 0.05; echo b; } > out.txt & wait; cat out.txt
#--
sleep 1 & p=$!; kill $p; wait $p; echo "killed=$?"
#--
echo start; sleep 0.05 & echo "bg started"; wait; echo end
#--
x=1; (x=2; echo "in sub $x") & wait; echo "parent $x"
#--
jobs; sleep 0.1 & jobs | sed 's/[0-9]\{2,\}/N/g' | head -1; wait
#--
true & echo "$! > 0" | grep -c '>'; wait
#--
echo $$ | grep -cE '^[0-9]+$'; (echo $BASHPID | grep -cE '^[0-9]+$')
#--
set -m 2>/dev/null; echo ok
#--
wait -n 2>&1; echo "st=$?"
#--
sleep 0.05 & wait %1; echo "st=$?"
#--
{ echo a; sleep 0.2; } > f & a() { sleep 0.2; }; a | cat && true & x=1 sleep 0.2 & jobs; wait

#--
for i in 1 2 3; do (echo "job $i") & done | sort; wait; echo done
#--
(sleep 0.3; exit 2) & (exit 3) & wait -n; echo "first=$?"; wait; echo done
#--
cmd() { echo "out $1"; }; export -f cmd; for i in 1 2; do cmd $i & done | sort; wait
