.connection
.connection 1
create table t(x);
.tables
.connection
.connection 0
.tables
.connection close 1
.connection
.connection close 0
.connection 9
.connection close 5
.connection 2
.open x.db
.connection
.connection bogus
.connection close
.connection 1
.connection
.connection 2
.tables
select 1;
