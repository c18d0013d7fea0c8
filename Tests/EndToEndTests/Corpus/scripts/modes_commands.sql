create table m(a, b, c);
insert into m values (1, 'one', 1.5), (2, null, x'00ff'), (3, 'multi
line', 'with,comma'), (4, 'quote "q"', 'it''s');
.mode list
.headers on
select * from m;
.separator ; ~
select * from m;
.separator | \n
.nullvalue NULL
select * from m;
.mode csv
select * from m;
.mode tabs
select * from m;
.mode line
select * from m;
.mode column
select * from m;
.width 3 -8 5
select * from m;
.width
.mode table
select * from m;
.mode box
select * from m;
.mode markdown
select * from m;
.mode json
select * from m;
.mode html
select * from m;
.mode insert m2
select * from m;
.mode quote
select * from m;
.mode tcl
select * from m;
.mode ascii
select * from m;
.mode list
.headers off
select * from m;
