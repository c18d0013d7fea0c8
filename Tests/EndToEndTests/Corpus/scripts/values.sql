create table v(i integer, r real, t text, b blob, n);
insert into v values (1, 1.5, 'plain', x'00', null);
insert into v values (-9223372036854775808, 1e300, 'ünïcödé 日本語 🎉', x'41424300ff', null);
insert into v values (9223372036854775807, -0.0, 'tab	and
newline', x'', 'x');
insert into v values (0, 3.141592653589793, '', zeroblob(4), 1e-7);
insert into v values (42, 100.0, 'quote '' and "double"', x'0102', 2.5e15);
insert into v values (7, 1.0/3, 'comma, separated', x'e697a5', '<html> & stuff');
select * from v;
select typeof(i), typeof(r), typeof(t), typeof(b), typeof(n) from v;
select length(t), hex(b), quote(r) from v;
select null, null;
select 1 as "col with space", 2 as "", 3 as "ünï";
select count(*), sum(i), avg(r), group_concat(t, '|') from v;
select * from v where 0;
