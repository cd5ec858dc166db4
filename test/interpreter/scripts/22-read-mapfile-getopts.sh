# read with IFS/-r/-d/-a/-n, mapfile, getopts loops.
read a b c <<< "one two three four"; echo "[$a][$b][$c]"
#--
IFS=: read -r user pass uid rest <<< "root:x:0:0:root:/root:/bin/bash"; echo "$user $uid [$rest]"
#--
read -r line <<< 'back\slash'; echo "$line"; read line <<< 'back\slash'; echo "$line"
#--
printf 'a b\nc d\n' | while read -r x y; do echo "$y-$x"; done
#--
read -d ';' x <<< "first;second"; echo "[$x]"; read -d '' y <<< "multi
line"; echo "[$y]"
#--
read -a arr <<< "  lead  trail  "; echo "${#arr[@]} [${arr[0]}] [${arr[1]}]"
#--
read -n 3 x <<< "abcdef"; echo "[$x]"; read -N 4 y <<< "ab
cdef"; echo "[$y]"
#--
IFS= read -r x <<< "   spaced   "; echo "[$x]"; read -r y <<< "   spaced   "; echo "[$y]"
#--
IFS=, read -r a b <<< "x,y,z"; echo "[$a][$b]"; IFS=, read -r a b <<< "x,,z"; echo "[$a][$b]"
#--
echo "no newline" | { read -r x; echo "st=$? [$x]"; }; printf 'partial' | { read -r x; echo "st=$? [$x]"; }
#--
read x < /dev/null; echo "st=$? [$x]"
#--
printf '1\n2\n3\n' > f.txt; while IFS= read -r l || [[ -n $l ]]; do echo "<$l>"; done < f.txt
#--
printf 'a\nb' > g.txt; while read -r l; do echo "<$l>"; done < g.txt; echo "last=[$l]"
#--
read -r -a parts <<< "a b c"; echo "${parts[-1]} ${#parts[@]}"; IFS=, read -ra p2 <<< "1,2,,4"; echo "${#p2[@]} [${p2[2]}]"
#--
read; echo "[$REPLY]" <<< "x"; read <<< "  reply  "; echo "[$REPLY]"
#--
IFS=: read -r a b <<< "a:b:c:"; echo "[$a][$b]"; IFS=: read -r a b c d <<< "a:b:"; echo "[$a][$b][$c][$d]"
#--
IFS=' :' read -r a b c <<< "x : y z"; echo "[$a][$b][$c]"
#--
read -p "prompt> " x <<< "val" 2>&1; echo "[$x]"
#--
read -t 0 x < /dev/null; echo "st=$?"
#--
read -r -d $'\t' x <<< $'tab\tsep'; echo "[$x]"
#--
mapfile -t lines <<< $'a\nb\nc'; echo "${#lines[@]} ${lines[1]}"; mapfile lines2 <<< $'x\ny'; printf '[%s]' "${lines2[@]}"; echo
#--
printf 'l1\nl2\nl3\nl4\n' | { mapfile -s 1 -n 2 -t arr; echo "${arr[*]}"; }
#--
mapfile -d , -t parts <<< "a,b,c"; printf '<%s>' "${parts[@]}"; echo
#--
mapfile -t -O 5 arr <<< $'x\ny'; echo "${!arr[@]}"; readarray -t r < /dev/null; echo "${#r[@]}"
#--
arr=(old values here); mapfile -t arr <<< "new"; echo "${arr[@]}" "${#arr[@]}"
#--
seq 1 5 > nums; mapfile -t n < nums; sum=0; for i in "${n[@]}"; do ((sum+=i)); done; echo $sum
#--
mapfile -C 'echo cb' -c 2 -t a <<< $'1\n2\n3\n4\n5'; echo "${a[@]}"
#--
OPTIND=1; set -- -a -b val -c file1 file2; while getopts "ab:c" opt; do case $opt in a) echo A;; b) echo "B=$OPTARG";; c) echo C;; esac; done; shift $((OPTIND-1)); echo "rest: $*"
#--
set -- -x -y; while getopts "x" o; do echo "o=$o OPTARG=${OPTARG-unset}"; done 2>&1; echo "OPTIND=$OPTIND"
#--
set -- -b; while getopts ":ab:" o; do echo "o=$o OPTARG=$OPTARG"; done; set -- -z; OPTIND=1; while getopts ":a" o; do echo "o=$o OPTARG=$OPTARG"; done
#--
set -- -abc -d 5 -- -e; while getopts "abcd:e" o; do echo "$o${OPTARG:+=$OPTARG}"; done; echo "ind=$OPTIND"; shift $((OPTIND - 1)); echo "$@"
#--
f() { local OPTIND o; while getopts "v" o; do echo "v in f"; done; echo "f rest: ${@:OPTIND}"; }; f -v a; f -v b
#--
getopts "a" o -a -b 2>&1; echo "$o $?"; getopts "a" o -a -b 2>&1; echo "$o $?"
#--
set -- -vvv; n=0; while getopts v o; do ((n++)); done; echo $n
#--
set -- -a; while getopts "a:" o; do echo "o=$o [$OPTARG]"; done 2>&1; echo "end $?"
#--
set -- file -a; while getopts "a" o; do echo "got $o"; done; echo "OPTIND=$OPTIND"
#--
getopts; echo "st=$?"; getopts "a" 2>&1; echo "st=$?"
