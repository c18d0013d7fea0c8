.once o1.txt
select 1;
select 2;
.once o2.txt
.print hi
select 3;
.output o3.txt
select 4;
.echo on
select 'echoed into the file';
.echo off
.output
select 5;
select readfile('o1.txt'), readfile('o2.txt'), readfile('o3.txt');
.trace t.txt
select 6;
.trace off
select readfile('t.txt');
.timer on
.timer off
