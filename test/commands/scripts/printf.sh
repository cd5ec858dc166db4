printf '%5.2f|%-8s|%08.3f|%+d|% d|%x|%X|%o|%e|%g\n' 3.14159 ab 2.5 5 5 255 255 8 12345.678 0.0001
#--
printf '%s\n' "a b" c
#--
printf '%d %d\n' 1 2 3
#--
printf '%q\n' "it's" 'a b' '$x' ''
#--
printf '%b\n' 'a\tb\n\x41\0101'
#--
printf '%c%c\n' hello world
#--
printf '%5s|%-5s|%.2s\n' abc abc abc
#--
printf '%d\n' 0x10 010 "'A" 2>&1
#--
printf '%.3d|%5.3d|%-5d|\n' 7 7 7
#--
printf '%*d|%-*d|\n' 5 1 4 2
#--
printf '%%|%s\n' x
#--
printf 'no newline'; echo
#--
printf '%s-%s\n' a
#--
printf '%i %u\n' -3 3
#--
printf '%10.4e\n' 123.456
#--
printf '%G %E\n' 1e-10 1e10
#--
printf '%#x %#o\n' 255 8
#--
printf '\u00e9\n'
#--
printf -v var '%03d' 7; echo $var
#--
printf '%(%Y-%m-%d)T\n' 0
#--
TZ=UTC printf '%(%H:%M)T\n' 3600
#--
printf '%-10s%5d\n' apple 3 banana 12
#--
printf '%.0f %.0f %.0f\n' 0.5 1.5 2.5
#--
printf '%s' 'a\nb'; echo
#--
printf 'a\cb\n'; echo; printf '%b' 'x\cy'; echo
#--
echo -e 'a\tb'; echo -n x; echo; echo -E 'a\tb'
#--
echo 'a\tb'
#--
printf '%05s|\n' ab
#--
printf '%.10s|\n' "$(printf 'x%.0s' {1..20})"
#--
printf '%d items\n' "$(echo 5)"
#--
printf '%s\n' {1..3} | paste -sd+
#--
printf '%x\n' -1
#--
printf '%s %s %s\n' a b c d e
