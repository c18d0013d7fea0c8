-- .import edge cases (files written first with writefile): quotes, embedded newlines, CRLF,
-- blank lines, ragged rows, BOM, ASCII separators, --skip, -v, existing tables, schemas, errors.
.mode list
select length(writefile('basic.csv', x'612c622c630a312c322c330a2278202222712222222c226c696e65310a6c696e6532222c7a0a')) > 0;
select length(writefile('crlf.csv', x'612c620d0a312c320d0a332c340d0a')) > 0;
select length(writefile('empty.csv', x'612c620a0a312c320a0a')) > 0;
select length(writefile('ragged.csv', x'612c622c630a310a312c322c332c342c350a')) > 0;
select length(writefile('bom.csv', x'efbbbf612c620a312c320a')) > 0;
select length(writefile('asc.txt', x'611f621e311f321e')) > 0;
select length(writefile('pipe.txt', x'617c620a317c320a')) > 0;
select length(writefile('nonl.csv', x'612c620a312c32')) > 0;
select length(writefile('dup.csv', x'612c612c620a312c322c330a')) > 0;
select length(writefile('commas.csv', x'2c0a2c0a')) > 0;
select length(writefile('semi.txt', x'613b620a313b320a')) > 0;
select length(writefile('crlfq.csv', x'782c790a22610d0a62222c320d0a')) > 0;
select length(writefile('quoted.csv', x'2261222c2262220a2231222c22220a22222c0a')) > 0;
select length(writefile('trail.csv', x'612c620a312c322c0a')) > 0;
select length(writefile('spaces.csv', x'612c620a2031202c2032200a')) > 0;
select length(writefile('bin.csv', x'636f6c0afffe0a')) > 0;
select length(writefile('ok.csv', x'612c620a312c320a332c340a')) > 0;
.import --csv basic.csv t2
select * from t2;
.import --csv crlf.csv t3
select a, length(b) from t3;
.import --csv empty.csv t4
select count(*) from t4;
.import --csv ragged.csv t5
select * from t5;
.import --csv -v ragged.csv t6
.import --csv bom.csv t7
.import --ascii asc.txt t8
select * from t8;
.import pipe.txt t9
select * from t9;
.import --csv nonl.csv t10
select * from t10;
.import --csv dup.csv t11
.import --csv commas.csv t12
select count(*) from t12;
.import --csv nofile.csv t13
.import
.import basic.csv
.import a b c
.import --csv --skip 1 basic.csv t14
create table t15(a,b,c);
.import --csv --skip 1 -v basic.csv t15
.import --csv basic.csv t15
.import --csv --skip x basic.csv t16
.import --csv --skip
.import --foo basic.csv t17
.import --csv basic.csv main.t18
.import --csv --schema main basic.csv t19
.import --csv --schema nos basic.csv t20
.import --csv basic.csv "my table"
.import --csv basic.csv 'x"y'
create view v as select 1;
.import --csv basic.csv v
.import --csv basic.csv t21 extra
.separator ;
.import semi.txt t22
select * from t22;
.separator ;;
.import semi.txt t23
.separator ""
.import semi.txt t24
.separator , ab
.import semi.txt t25
.separator | \n
.import --csv crlfq.csv t26
select hex(x), y from t26;
.import --csv quoted.csv t27
select a, typeof(a), b, typeof(b) from t27;
.import --csv trail.csv t28
.import --csv spaces.csv t29
select '[' || a || ']', '[' || b || ']' from t29;
.import --csv bin.csv t30
select hex(col) from t30;
create table t31(a integer, b real);
.import --csv --skip 1 ok.csv t31
select a, typeof(a), b, typeof(b) from t31;
create table t32(a, b, c as (a+b));
.import --csv --skip 1 ok.csv t32
-- A failed INSERT rolls the whole import back in sqlsh (ImportCommandTests), unlike sqlite3.
.mode csv
.import -v ok.csv t34
.import -v -v ok.csv t35
.mode tabs
.import -v -v ok.csv t36
.mode list
begin;
.import --csv ok.csv t37
rollback;
.import --csv ok.csv sqlite_master
.imp --csv ok.csv t38
.tables
.schema
