# report/kit-tex.sh -- what report/chapterpdf and report/slidespdf share,
# sourced by both (KIT set): one chapter's claims as LaTeX, and a LaTeX
# build whose PDF appears only when it succeeds.
#
# kit_tex_claims NN CLAIMS_TSV|- DIR
#   DIR/kit-claims-NN.tex from the chapter's claims (report/claims2tex);
#   with -, an empty table (the chapter's runs are not made yet)
kit_tex_claims() {
	local nn=$1 cl=$2 d=$3
	if [ "$cl" = - ]; then
		printf 'id\tchapter\n' > "$d/none.tsv"
		"$KIT/report/claims2tex" "$d/none.tsv" > "$d/kit-claims-$nn.tex"
	else
		"$KIT/report/claims2tex" "$cl" > "$d/kit-claims-$nn.tex"
	fi
}

# kit_tex_build DIR NAME OUT_DIR
#   latexmk DIR/NAME.tex (TEXINPUTS: DIR, OUT_DIR, report/; BIBINPUTS:
#   report/), then OUT_DIR/NAME.pdf by rename; on a LaTeX error, one line
#   naming the file and the log's first error lines, exit 1 (the caller
#   has removed the old PDF)
kit_tex_build() {
	local d=$1 name=$2 out=$3
	if ! (cd "$d" && TEXINPUTS=".:$out:$KIT/report:" BIBINPUTS="$KIT/report:" \
		latexmk -pdf -interaction=nonstopmode -file-line-error "$name.tex" > latexmk.log 2>&1); then
		echo "$d/$name.tex: LaTeX failed; from $d/$name.log:" >&2
		grep -m3 -A2 -E '^(! |[^ ]*\.tex:[0-9]+: )' "$d/$name.log" >&2 || tail -n 20 "$d/latexmk.log" >&2
		exit 1
	fi
	cp "$d/$name.pdf" "$out/$name.pdf.tmp" && mv "$out/$name.pdf.tmp" "$out/$name.pdf"
}
