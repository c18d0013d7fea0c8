import Testing

/// `.schema`, `.fullschema`, `.tables`, `.indexes` and `.databases` against the stock shell.
@Suite struct SchemaCommandsTests {
    static let database = """
        create table t(a integer primary key, b text, c real, d blob, e, "quoted col" text default 'x', f text check(length(f) > 0), g text references t(a) on delete cascade, hh numeric unique);
        create index ti on t(b, c);
        create table t2(x, y, z);
        insert into t2 values(1,2,3);
        analyze;
        create view v as select a, b as bee from t;
        create trigger tr after insert on t begin select 1; end;
        create table "CREATE"(x); create table long_table_name_number_one(x); create table b(x); create table "ünï"(y);
        create temp table tt(x);
        attach '$DIR/att.db' as aux;
        create table aux.q(z); create index aux.qi on q(z);

        """

    func expectSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(Self.database + commands)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test
    func schema() throws {
        try expectSame(".schema\n.schema --indent\n.schema --nosys\n.schema t%\n.schema T*\n.schema aux.%\n.sch v\n")
    }

    @Test
    func schemaOfTheSchemaTable() throws { try expectSame(".schema sqlite_master\n.schema sqlite_schema\n") }

    @Test
    func schemaErrors() throws { try expectSame(".schema a b\n.schema --foo\nselect 1;\n") }

    @Test
    func fullschema() throws { try expectSame(".fullschema\n.fullschema --indent\n.fullschema x\n") }

    @Test
    func fullschemaWithoutStatistics() throws {
        let (ours, theirs) = try DotCommandComparison.run("create table a(x);\n.fullschema\n")
        #expect(ours == theirs)
    }

    @Test
    func tablesAndIndexes() throws {
        try expectSame(".tables\n.tables t%\n.ta nosuch\n.indexes\n.indexes t\n.indices q\n.indexes a b\n.tables a b\n")
    }

    @Test
    func tablesInManyColumns() throws {
        let tables = (1...30).map { "create table tab\($0)(x);" }.joined(separator: "\n")
        let (ours, theirs) = try DotCommandComparison.run(tables + "\n.tables\ncreate table a_much_longer_name_than_the_others_for_sure(x);\n.tables\n")
        #expect(ours == theirs)
    }

    @Test
    func databases() throws {
        try expectSame(".databases\nbegin; select * from t;\n.databases\ninsert into t2 values(4,5,6);\n.databases\ncommit;\n")
    }

    @Test
    func prettyPrintsLongStatements() throws {
        let (ours, theirs) = try DotCommandComparison.run("""
            CREATE TABLE long_one(id INTEGER PRIMARY KEY, name TEXT NOT NULL, "weird, name" TEXT DEFAULT 'a,(b)', -- note, here
              value REAL, CONSTRAINT c CHECK (value > 0 AND (name <> 'x')));
            CREATE TABLE short(a, b);
            .schema --indent

            """)
        #expect(ours == theirs)
    }
}
