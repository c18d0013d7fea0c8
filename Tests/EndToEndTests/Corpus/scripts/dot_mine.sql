.bail off
.changes on
create table p(a, b);
insert into p values (1, 2), (3, 4);
update p set a = a + 1;
select * from p;
.changes off
.echo on
select 'echoed';
.echo off
.bail
.changes
.echo
.timer
.timer maybe
.eqp
.explain
.parameter
.parameter init
.parameter set $x 42
.parameter set :y 'hello'
.parameter set @z abc def
.parameter set @z notsql-value
.parameter set ?1 3.5
.parameter list
select $x, :y, @z, ?1, $missing;
.parameter unset $x
.parameter list
select $x;
.parameter clear
.parameter list
select :y;
.read
.read /nonexistent/file.sql
.exi 0
select 'not reached';
