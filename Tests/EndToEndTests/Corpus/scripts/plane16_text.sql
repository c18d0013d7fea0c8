-- Text of the last private-use plane (U+10FFFF) in schema SQL comes out as the same bytes.
create table t(x default '􏿿', y);
insert into t values ('􏿾', 1);
.schema
.dump
.mode insert
select * from t;
