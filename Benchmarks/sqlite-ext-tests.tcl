#!/usr/bin/tclsh
# Runs one of SQLite's own Tcl test files (test/*.test of a SQLite source tree, for example
# percentile.test, basexx1.test, decimal.test, regexp2.test) through a shell binary, sqlite3
# or sqlsh, without SQLite's testfixture: do_test, do_execsql_test, do_catchsql_test, execsql,
# catchsql, `db eval` (a script run per row after the statement ends), `db one`, sqlite3_limit,
# Tcl variables named in SQL ($blob) and /regexp/ answers are emulated; do_eqp_test cases
# fail (the plan text is the engine's); anything else (db func, loadable test extensions such
# as wholenumber) fails its case with a "harness:" message. The test files are not in this
# repository: point it at a SQLite tree kept outside it.
#   tclsh Benchmarks/sqlite-ext-tests.tcl SHELL TESTFILE
# prints "FILE PASSED FAILED" and one line per failing case. One shell process runs the
# file's SQL in order on test.db (or :memory:), as testfixture's one connection does, until
# the file opens a new connection (reset_db, sqlite3 db NAME); each call's rows are written
# with .output to a file and its errors read from the process's standard error. A call that
# takes over 20 s is stopped: the shell is started again and, silently, the file's SQL
# since the connection opened replayed. The working files go to $TMPDIR/sqlite-ext-tests/.
set ::shell [lindex $argv 0]
set ::testfile [file normalize [lindex $argv 1]]
set ::pass 0; set ::fail 0; set ::failures {}
set ::testprefix ""
set tmp [expr {[info exists ::env(TMPDIR)] ? $::env(TMPDIR) : "/tmp"}]
set ::dir $tmp/sqlite-ext-tests/[pid]-[file tail $::testfile]
file delete -force $::dir; file mkdir $::dir; cd $::dir
set ::log {}
set ::proc ""
set ::dbname test.db
set ::calls 0
set ::tclfuncs {}
# A testfixture command the harness does not have fails where it is called.
proc unknown {args} { error "harness: no command [lindex $args 0]" }

# A Tcl variable named in the SQL as $name becomes a literal, as testfixture binds it: a
# number as is, bytes that are not printable text as a blob literal, else quoted text.
proc bind_variables {sql} {
  set out ""
  set rest $sql
  while {[regexp -indices {\$([A-Za-z_][A-Za-z0-9_]*)} $rest all name]} {
    set n [string range $rest {*}$name]
    append out [string range $rest 0 [expr {[lindex $all 0] - 1}]]
    set rest [string range $rest [expr {[lindex $all 1] + 1}] end]
    set found [caller_var $n]
    if {![lindex $found 0]} { append out "\$$n"; continue }
    set v [lindex $found 1]
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
# The value of the variable `n` where the test file's own code named it: the innermost frame
# that is not one of this harness's procedures, else the global one.
proc caller_var {n} {
  set harness {bind_variables caller_var run_sql execsql catchsql db db_eval_rows do_test
    do_execsql_test do_catchsql_test report send_and_wait}
  for {set i [expr {[info level] - 1}]} {$i >= 1} {incr i -1} {
    if {[lsearch -exact $harness [lindex [info level $i] 0]] < 0} {
      if {[uplevel #$i [list info exists $n]]} { return [list 1 [uplevel #$i [list set $n]]] }
      break
    }
  }
  if {[uplevel #0 [list info exists $n]]} { return [list 1 [uplevel #0 [list set $n]]] }
  return {0 {}}
}
proc write_shell {text} {
  if {[catch {puts -nonewline $::proc $text; flush $::proc}]} {
    # The shell died (sqlite3 3.40.1 on a corrupt archive): a new one, then the text again.
    stop_shell
    start_shell
    puts -nonewline $::proc $text
    flush $::proc
  }
}
# Starts the shell on the current database, its standard error going to a fresh file.
proc start_shell {} {
  incr ::calls
  set ::errfile err-$::calls.txt
  set ::erroffset 0
  set ::proc [open |[list $::shell -batch $::dbname >/dev/null 2>$::errfile] w]
  fconfigure $::proc -translation binary -encoding utf-8
  write_shell ".bail off\n.mode list\n.separator \"\\037\" \"\\036\"\n.nullvalue ''\n.headers off\n"
}
proc stop_shell {} {
  if {$::proc eq ""} return
  set pids [pid $::proc]
  catch {foreach p $pids { exec kill -9 $p }}
  catch {close $::proc}
  set ::proc ""
}
# Reads a whole file as UTF-8.
proc slurp {name} {
  if {![file exists $name]} { return "" }
  set f [open $name r]; fconfigure $f -translation binary -encoding utf-8; set t [read $f]; close $f
  return $t
}
# Sends SQL (with dot-commands before it) and waits for its end: its rows written to out.txt,
# then "done" to done.txt. Returns the new text of standard error, or nil after 20 s.
proc send_and_wait {prefix sql} {
  file delete -force out.txt done.txt
  write_shell "${prefix}.output out.txt\n$sql\n;\n.output done.txt\nselect 'done';\n.output stdout\n"
  set waited 0
  set pid [lindex [pid $::proc] 0]
  while {[string first done [slurp done.txt]] < 0} {
    after 5
    incr waited 5
    if {$waited > 20000} { return [list 0 "harness: timed out"] }
    # A shell that crashed (sqlite3 3.40.1 reading past a blob) answers at once.
    if {$waited % 100 == 0 && ![file exists /proc/$pid]} { return [list 0 "harness: the shell stopped"] }
  }
  set err [slurp $::errfile]
  set new [string range $err $::erroffset end]
  set ::erroffset [string length $err]
  return [list 1 $new]
}
proc run_sql {sql {prefix ""}} {
  set sql [bind_variables $sql]
  if {$::proc eq ""} { start_shell }
  set r [send_and_wait $prefix $sql]
  if {![lindex $r 0]} {
    # Stopped after 20 s, or crashed: start again, replaying this connection's SQL silently.
    stop_shell
    start_shell
    set replay ".output /dev/null\n"
    foreach s $::log { append replay $s "\n;\n" }
    write_shell $replay
    # Wait for the replay, so that its errors are not taken for the next call's.
    send_and_wait "" ""
    lappend ::log $sql
    return [list 1 [lindex $r 1]]
  }
  lappend ::log $sql
  set err [lindex $r 1]
  set out [slurp out.txt]
  if {$prefix ne ""} { write_shell ".headers off\n" }
  regsub -all -line {^ +(length|like_pattern_length) +[0-9]+\n} $out {} out
  set rows {}
  set parts [split $out "\036"]
  if {[lindex $parts end] eq ""} { set parts [lrange $parts 0 end-1] }
  foreach r $parts {
    if {$r eq ""} { lappend rows ""; continue }
    foreach v [split $r "\037"] { lappend rows $v }
  }
  set err [string trim $err "\n"]
  if {$err ne ""} {
    set line [lindex [split $err "\n"] 0]
    regsub {^(Parse error|Runtime error|Error)( near line [0-9#]+)?: } $line {} line
    regsub {^Error: (near line [0-9]+: )?} $line {} line
    # The shell adds the result code after a runtime error other than SQLITE_ERROR (1),
    # " (19)"; the Tcl interface does not. (zipfile's own "inflate() failed (0)" stays.)
    regsub { \(([2-9]|[1-9][0-9]+)\)$} $line {} line
    foreach f $::tclfuncs {
      if {$line eq "no such function: $f"} { return [list 0 [list "harness: db func $f"]] }
    }
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
    eval {
      if {[llength $args] == 1} { return [execsql [lindex $args 0]] }
      if {[llength $args] != 2} { error "harness: db eval [llength $args] arguments" }
      # A script per row: run after the statement has ended (testfixture runs it while the
      # statement steps), the row's columns set as Tcl variables in the caller.
      set r [run_sql [lindex $args 0] ".headers on\n"]
      if {[lindex $r 0]} { error [lindex $r 1] }
      return [db_eval_rows [lindex $args 0] [lindex $args 1]]
    }
    close { stop_shell; set ::log {}; return "" }
    one {
      # In quote mode, so that a blob comes back as its bytes.
      set r [run_sql [lindex $args 0] ".mode quote\n"]
      write_shell ".mode list\n.separator \"\\037\" \"\\036\"\n"
      if {[lindex $r 0]} { error [lindex $r 1] }
      set v [lindex [split [string trimright [slurp out.txt] "\n"] "\n"] 0]
      set v [lindex [split $v ","] 0]
      if {[regexp {^X'([0-9A-Fa-f]*)'$} $v -> hex]} { return [binary decode hex $hex] }
      if {[regexp {^'(.*)'$} $v -> text]} { return [string map {'' '} $text] }
      if {$v eq "NULL"} { return "" }
      return $v
    }
    func {
      # A Tcl procedure as an SQL function cannot be given to a shell: SQL calling it
      # answers "harness: db func NAME" (see run_sql), so that its cases fail as such.
      lappend ::tclfuncs [lindex $args 0]
      return ""
    }
    default { error "harness: db $cmd" }
  }
}
proc db_eval_rows {sql script} {
  set out [slurp out.txt]
  set parts [split $out "\036"]
  if {[lindex $parts end] eq ""} { set parts [lrange $parts 0 end-1] }
  set names [split [lindex $parts 0] "\037"]
  foreach r [lrange $parts 1 end] {
    foreach n $names v [split $r "\037"] { uplevel 2 [list set $n $v] }
    uplevel 2 $script
  }
  return ""
}
proc sqlite3 {name args} {
  if {$name eq "db"} {
    stop_shell
    set ::log {}
    set ::dbname [expr {[llength $args] ? [lindex $args 0] : "test.db"}]
    return ""
  }
  error "harness: sqlite3 $name"
}
proc sqlite3_limit {db what val} {
  set map {SQLITE_LIMIT_LENGTH length SQLITE_LIMIT_LIKE_PATTERN_LENGTH like_pattern_length}
  set name [string map $map $what]
  if {$val < 0} { return 1000000000 }
  if {$::proc eq ""} { start_shell }
  write_shell ".limit $name $val\n"
  lappend ::log ".limit $name $val"
  return 1000000000
}
proc load_static_extension {args} { return "" }
proc ifcapable {expr code {else ""} {elsecode ""}} { uplevel 1 $code }
proc forcedelete {args} { foreach f $args { file delete -force $f } }
proc reset_db {} {
  stop_shell; set ::log {}; set ::dbname test.db
  file delete -force test.db test.db-journal test.db-wal
}
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
# The file runs one top-level command at a time: a command that fails outside a case (a
# testfixture command such as sqlite3_db_config) is reported and the file goes on, as far
# as it can without it; a top-level `return` ends the file.
set command ""
foreach line [split $body "\n"] {
  append command $line "\n"
  if {![info complete $command]} continue
  set code [catch {uplevel #0 $command} e]
  set command ""
  if {$code == 2} break
  if {$code == 1} { puts "TOP-LEVEL ERROR: [string range $e 0 200]" }
}
puts "[file tail $::testfile] $::pass $::fail"
foreach l $::failures { puts "  FAIL $l" }
stop_shell
cd /
file delete -force $::dir
