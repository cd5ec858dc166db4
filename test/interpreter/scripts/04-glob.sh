touch a1 a2 b1 .hid; echo *; echo a*; echo ?1; echo [ab]2; echo .*
#--
mkdir -p d/sub; touch d/x.txt d/y.log d/sub/z.txt; echo d/*; echo d/*.txt; echo */*
#--
touch abc abd; echo ab[!c]; echo ab[^c]; echo ab[c-d]; echo "ab*"; echo ab\*
#--
echo nomatch*; shopt -s nullglob; echo nomatch*; echo "[" nomatch* "]"
#--
touch .h1 v1; echo *; shopt -s dotglob; echo *
#--
shopt -s failglob; (echo nomatch*); echo "st=$?"
#--
touch A1 a2 B3; shopt -s nocaseglob; echo a*; echo b*
#--
shopt -s extglob
touch f.c f.h f.o g.c; echo *.@(c|h); echo !(*.c); echo f.+(c|o); echo ?(f).c
#--
shopt -s extglob
touch aaa ab abab x; echo @(a)*; echo *(ab); echo +(ab); echo !(a*)
#--
shopt -s extglob
s=foobar; echo "${s##*(o|f)}"; case foo.txt in *.@(txt|md)) echo doc;; *) echo other;; esac
#--
shopt -s extglob
[[ abc == @(abc|def) ]] && echo m1; [[ xyz == !(abc) ]] && echo m2; [[ aaa == +(a) ]] && echo m3
#--
mkdir -p t/a/b; touch t/1.md t/a/2.md t/a/b/3.md; shopt -s globstar; echo t/**/*.md; echo t/**
#--
touch 'sp ace' plain; for f in *; do echo "[$f]"; done
#--
touch x1 x2 x3; GLOBIGNORE=x2; echo x*; unset GLOBIGNORE; echo x*
#--
touch a.b c.d; echo [[:alpha:]].[[:alpha:]]; echo *[.]*
#--
mkdir dir1 dir2; touch file; echo */; echo d*/
#--
touch 'a[1]' a1; echo 'a[1]'; echo a\[1\]; echo a[1]
#--
touch foo; v='f*'; echo $v; echo "$v"; [[ foo == $v ]] && echo pm; [[ foo == "$v" ]] || echo lit
#--
touch c b a; ls; ls -1 | sort -r
#--
touch one.txt two.txt; files=(*.txt); echo "${#files[@]}" "${files[-1]}"
#--
touch z; set -- *; echo "$1" $#; cd . && echo z*
#--
shopt -s extglob
v=aaabbb; echo "${v//+(a)/X}" "${v%%+(b)}"
#--
touch -- -n 2>/dev/null; touch m; echo [m]; echo [!m] 2>/dev/null | wc -w
