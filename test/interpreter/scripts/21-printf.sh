# printf formats: %q, %b, widths, *, negative numbers, %c, diagnostics.
printf '%q\n' "hello world" "it's" 'a"b' '$HOME' 'tab	x' "" "a\\b" 'new
line' '~user' '*glob' 'semi;colon'
#--
printf '%q ' a 'b c' $'\x01' $'\e' é "ü x"; echo
#--
printf '[%5s][%-5s][%.2s][%5.1s][%-8.3s]\n' abc abc abc abc abcdef
#--
printf '[%d][%5d][%-5d][%05d][%+d][% d][%x][%X][%o][%#x][%#o]\n' 42 42 42 42 42 42 255 255 8 255 8
#--
printf '%d %x %o %u\n' -1 -1 -1 -1; printf '%x\n' -255; printf '%X\n' -9223372036854775808
#--
printf '%*d|%-*d|%.*f\n' 6 42 6 42 2 3.14159
#--
printf '%c%c%c\n' abc d ""; printf '%c\n' 123; printf '[%c]\n'
#--
printf '%b\n' 'a\tb' 'c\nd' '\x41\101' '\0101' 'e\cf' '\e[0m' | od -c | head -5
#--
printf '%s\n' a b c; printf '%s %s\n' a b c; printf '%d\n'; printf 'x%sy\n'
#--
printf '%f %.2f %e %.3e %g %g %g\n' 3.14159 2.5 12345.678 0.00012 0.0001 100000 1000000
#--
printf '%5.2f|%-8.3f|%08.3f|%+.1f\n' 3.14159 2.71828 -1.5 2
#--
printf '%d\n' 0x1f 010 '"A' "'b" -0; printf '%d\n' 1e3 2>&1; echo "st=$?"
#--
printf '%d\n' 12abc 2>&1; echo "st=$?"; printf '%d %d\n' 5 x 2>&1; echo "st=$?"
#--
printf '%i %5i\n' 7 8; printf '%%|%5%|\n'
#--
printf 'a\tb\\n\n'; printf '%s\n' 'a\tb'; printf -- '--%s\n' x
#--
printf -v out '%s-%s' a b; echo "$out"; printf -v arr[2] '%03d' 7; echo "${arr[2]}"
#--
printf '%s\n' "$(printf '%s' 'no newline')"; printf '%.0f %.0f %.0f %.0f\n' 0.5 1.5 2.5 -0.5
#--
printf '%10.4s|\n' "abcdefgh"; printf '%-10s|%10s|\n' "ü" "é"
#--
printf '%x %o %e\n' 3.7 2>&1; echo "st=$?"
#--
printf "%s=%s\n" k1 v1 k2 v2 k3; echo done
#--
printf '%(%Y)T\n' -1 >/dev/null; echo "st=$?"; printf '%z\n' 2>&1; echo "st=$?"
#--
printf '%s' ; echo "[$?]"; printf ''; echo "[$?]"; printf '\n' | wc -c
#--
printf '\u00e9\n'; printf '\U0001F600\n' | od -An -tx1; printf '%b\n' '\u00e9'
#--
printf '%5s|%-5s|\n' '' ''; printf '%.s|\n' abc; printf '%#5x|%-#8o|\n' 10 8
#--
printf "%'d\n" 1234567; printf '%lu %ld %hd %lld\n' 1 2 3 4
#--
printf '%s %q\n' "a'b" "a'b"; printf '%q\n' "'"; printf '%q\n' '!'
#--
printf '%03s|%-03d|\n' ab 5; printf '%+5s|\n' x
#--
printf '%d\n' 9223372036854775807 9223372036854775808 -9223372036854775809 2>&1
#--
printf '%.3d|%8.3d|%-8.3d|\n' 5 5 5; printf '%.0d|\n' 0
#--
printf '%e\n' 0; printf '%g %g\n' 0.00001234 123456789; printf '%G %E\n' 1e-10 1e10
