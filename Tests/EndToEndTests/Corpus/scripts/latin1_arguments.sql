-- Latin-1 bytes in dot-command arguments: file names, commands, printed text.
.output café.sql
.print select 'latin1 file', 'café';
.output oé.csv
.print a,b
.print 1,é
.output stdout
.read café.sql
.import --csv oé.csv té
select * from té;
select hex(name) from sqlite_schema;
.print café "\351" 'é'
.parameter set :p 'é'
select hex(:p);
.nullvalue é
select null;
.show
