# tools/claims-cols.awk -- the claims TSV's columns by name, for every awk
# program that reads a claims TSV (prepended to it: awk "$(cat this)..."
# with -v COLS=tools/claims.cols). After BEGIN: col[NAME] is the column
# of NAME, ncols the number of columns, colname[I] the name of column I.
# tools/claims.cols names them, one per line, in order; tools/dtclaims
# writes rows in that order.
BEGIN {
	if (COLS == "") { print "claims-cols.awk: COLS (tools/claims.cols) not given" > "/dev/stderr"; exit 2 }
	while ((getline _l < COLS) > 0) if (_l != "") { ncols++; col[_l] = ncols; colname[ncols] = _l }
	close(COLS)
	if (ncols == 0) { print COLS ": no column names" > "/dev/stderr"; exit 2 }
}
