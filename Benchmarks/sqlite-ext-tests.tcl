#!/usr/bin/tclsh
# Runs one of SQLite's own Tcl test files (test/*.test of a SQLite source tree, for example
# percentile.test, basexx1.test, decimal.test, regexp2.test) through a shell binary, sqlite3
# or sqlsh, without SQLite's testfixture: do_test, do_execsql_test, do_catchsql_test, execsql,
# catchsql, `db eval`, sqlite3_limit, Tcl variables named in SQL ($blob) and /regexp/
# answers are emulated; do_eqp_test cases fail (the plan text is the engine's); anything else
# (db func, loadable test extensions such as wholenumber) fails its case. The test files are
# not in this repository: point it at a SQLite tree kept outside it.
#   tclsh Benchmarks/sqlite-ext-tests.tcl SHELL TESTFILE
# prints "FILE PASSED FAILED" and one line per failing case. Each SQL call runs in a fresh
# shell process on a fresh test.db that first replays, silently, every SQL text the file ran
# before (so TEMP tables and open transactions carry over); the working files go to
# $TMPDIR/sqlite-ext-tests/.
set ::shell [lindex $argv 0]
set ::testfile [file normalize [lindex $argv 1]]
set ::pass 0; set ::fail 0; set ::failures {}
set ::testprefix ""
set tmp [expr {[info exists ::env(TMPDIR)] ? $::env(TMPDIR) : "/tmp"}]
set ::dir $tmp/sqlite-ext-tests/[pid]-[file tail $::testfile]
file delete -force $::dir; file mkdir $::dir; cd $::dir
set ::log {}
set ::marker "zz_harness_marker_zz"

# A Tcl variable named in the SQL as $name becomes a literal, as testfixture binds it: a
# number as is, bytes that are not printable text as a blob literal, else quoted text.
proc bind_variables {sql} {
  set out ""
  set rest $sql
  while {[regexp -indices {\$([A-Za-z_][A-Za-z0-9_]*)} $rest all name]} {
    set n [string range $rest {*}$name]
    append out [string range $rest 0 [expr {[lindex $all 0] - 1}]]
    set rest [string range $rest [expr {[lindex $all 1] + 1}] end]
    if {![info exists ::$n]} { append out "\$$n"; continue }
    set v [set ::$n]
    if {[string is wideinteger -strict $v] || [string is double -strict $v]} {
      append out $v
    } elseif {![string is print $v] && ![string is space $v]} {
      append out "X'[binary encode hex $v]'"
    } else {
      append out "'[string map {' ''} $v]'"
    }
  }
  return "$out$rest"
}
proc run_sql {sql} {
  set sql [bind_variables $sql]
  set pre ".bail off\n.output /dev/null\n"
  foreach s $::log { append pre $s "\n;\n" }
  append pre "select ${::marker}();\n.output stdout\n.mode list\n.separator \"\\037\" \"\\036\"\n.nullvalue ''\n"
  set in "$pre$sql\n;\n"
  lappend ::log $sql
  set f [open input.sql w]; fconfigure $f -translation binary -encoding utf-8; puts -nonewline $f $in; close $f
  file delete -force test.db test.db-journal test.db-wal
  catch {exec timeout 20 $::shell -batch test.db < input.sql > out.txt 2> err.txt}
  set f [open out.txt r]; fconfigure $f -translation binary -encoding utf-8; set out [read $f]; close $f
  set f [open err.txt r]; fconfigure $f -translation binary -encoding utf-8; set err [read $f]; close $f
  regsub -all -line {^ +(length|like_pattern_length) +[0-9]+\n} $out {} out
  set i [string first $::marker $err]
  if {$i >= 0} {
    set nl [string first "\n" $err $i]
    set err [string range $err [expr {$nl + 1}] end]
    while {[string match "  *" $err]} {
      set nl [string first "\n" $err]
      if {$nl < 0} { set err ""; break }
      set err [string range $err [expr {$nl + 1}] end]
    }
    # 3.40.1 prints the statement and a caret after a parse error
  } else {
    set err "harness: replay failed"
  }
  set rows {}
  set parts [split $out "\036"]
  if {[lindex $parts end] eq ""} { set parts [lrange $parts 0 end-1] }
  foreach r $parts {
    if {$r eq ""} { lappend rows ""; continue }
    foreach v [split $r "\037"] { lappend rows $v }
  }
  set err [string trim $err]
  if {$err ne ""} {
    set line [lindex [split $err "\n"] 0]
    regsub {^(Parse error|Runtime error|Error)( near line [0-9#]+)?: } $line {} line
    regsub {^Error: (near line [0-9]+: )?} $line {} line
    return [list 1 $line]
  }
  return [list 0 $rows]
}
proc execsql {sql {db db}} {
  set r [run_sql $sql]
  if {[lindex $r 0]} { error [lindex $r 1] }
  return [lindex $r 1]
}
proc catchsql {sql {db db}} { return [run_sql $sql] }
proc db {cmd args} {
  switch -- $cmd {
    eval { if {[llength $args] != 1} { error "harness: db eval with a script" }; return [execsql [lindex $args 0]] }
    close { return "" }
    one { return [lindex [execsql [lindex $args 0]] 0] }
    default { error "harness: db $cmd" }
  }
}
proc sqlite3 {name args} {
  if {$name eq "db"} { return "" }
  error "harness: sqlite3 $name"
}
proc sqlite3_limit {db what val} {
  set map {SQLITE_LIMIT_LENGTH length SQLITE_LIMIT_LIKE_PATTERN_LENGTH like_pattern_length}
  set name [string map $map $what]
  if {$val < 0} { return 1000000000 }
  lappend ::log ".limit $name $val"
  return 1000000000
}
proc load_static_extension {args} { return "" }
proc ifcapable {expr code {else ""} {elsecode ""}} { uplevel 1 $code }
proc forcedelete {args} { foreach f $args { file delete -force $f } }
proc reset_db {} { set ::log {}; file delete -force test.db test.db-journal test.db-wal }
proc finish_test {} {}
proc db_save {} {} ; proc db_restore {} {}
proc normalize {v} { if {[catch {list {*}$v} l]} { return $v }; return $l }
proc report {name ok got exp} {
  set ::testprefix [expr {[info exists ::testprefix] ? $::testprefix : ""}]
  if {$ok} { incr ::pass } else {
    incr ::fail
    lappend ::failures "$::testprefix$name: got {[string range $got 0 300]} expected {[string range $exp 0 300]}"
  }
}
proc do_test {name script expected} {
  if {[catch {uplevel 1 $script} got]} { set got "TCL-ERROR: $got"; report $name 0 $got $expected; return }
  report $name [expr {[normalize $got] eq [normalize $expected]}] $got $expected
}
proc do_execsql_test {name sql {expected ""}} {
  set r [run_sql $sql]
  if {[lindex $r 0]} { report $name 0 "ERROR: [lindex $r 1]" $expected; return }
  report $name [expr {[normalize [lindex $r 1]] eq [normalize $expected]}] [lindex $r 1] $expected
}
# EXPLAIN QUERY PLAN text is the engine's own (3.53 writes plan numbers in hex): such a case
# counts, and fails, as one that needs the newer engine.
proc do_eqp_test {name sql expected} { report $name 0 "harness: query plan text not compared" $expected }
proc do_catchsql_test {name sql expected} {
  set r [run_sql $sql]
  # An expected answer between slashes is a regular expression, as in tester.tcl.
  if {[regexp {^/(.*)/$} $expected -> pattern]} {
    report $name [regexp -- $pattern $r] $r $expected
    return
  }
  report $name [expr {[normalize $r] eq [normalize $expected]}] $r $expected
}
set argv0 $::testfile
set testdir [file dirname $::testfile]
set f [open $::testfile r]; fconfigure $f -encoding utf-8; set body [read $f]; close $f
regsub -all -line {^\s*source \$testdir/tester.tcl\s*$} $body {} body
if {[catch {eval $body} e]} { puts "ABORTED: [string range $e 0 200]" }
puts "[file tail $::testfile] $::pass $::fail"
foreach l $::failures { puts "  FAIL $l" }
cd /
file delete -force $::dir
