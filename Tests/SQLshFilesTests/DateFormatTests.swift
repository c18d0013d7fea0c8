import Foundation
@testable import SQLshFiles
@_spi(RawSQLite) import SQLshCore
import Testing

/// Issue 38: read_csv's dateformat/timestampformat, and DATE/TIMESTAMP values that are none.
@Suite struct DateFormatTests {
    func read(_ format: String, _ text: String, timestamp: Bool = false) throws -> String? {
        let f = try DateFormat(format, option: "dateformat")
        return Array(text.utf8).withUnsafeBufferPointer { f.read($0.baseAddress!, $0.count, timestamp: timestamp) }
    }

    @Test func formatsReadDatesAsISOText() throws {
        #expect(try read("%d/%m/%Y", "21/03/2024") == "2024-03-21")
        #expect(try read("%-d/%-m/%y", "1/3/24") == "2024-03-01")
        #expect(try read("%d %b %Y", "05 Mar 2024") == "2024-03-05")
        #expect(try read("%B %d, %Y", "March 05, 2024") == "2024-03-05")
        #expect(try read("%d/%m/%Y %I:%M %p", "21/03/2024 02:05 PM", timestamp: true) == "2024-03-21 14:05:00")
        #expect(try read("%Y%m%d %H%M%S.%f", "20240321 140500.123", timestamp: true) == "2024-03-21 14:05:00.123")
        // Not a date, or not this layout: nil.
        #expect(try read("%d/%m/%Y", "30/02/2024") == nil)
        #expect(try read("%d/%m/%Y", "2024-03-21") == nil)
        #expect(try read("%d/%m/%Y", "21/03/2024x") == nil)
        #expect(try read("%d/%m/%Y", "") == nil)
        #expect(throws: FileTableError.self) { try DateFormat("%d/%Q", option: "dateformat") }
        #expect(throws: FileTableError.self) { try DateFormat("%", option: "dateformat") }
    }

    @Test func readCSVConvertsOrRefusesDates() throws {
        let folder = try FilesPackTests.Folder()
        let path = try folder.write("when.csv", "id,when\n1,21/03/2024\n2,01/12/2023\n")
        let db = try catalogConnection()
        let columns = "columns={'id': 'INTEGER', 'when': 'DATE'}"
        #expect(try rows(db, "select \"when\" from read_csv('\(path)', \(columns), header=true, dateformat='%d/%m/%Y')")
                    .map { FilesPackTests.line($0) } == ["2024-03-21", "2023-12-01"])
        // Without the format: an error naming the value and the option, not the raw text as a DATE.
        let message = errorMessage(db, "select * from read_csv('\(path)', \(columns), header=true)") ?? ""
        #expect(message.contains("when.csv:2:3: '21/03/2024' in column when is not a DATE (dateformat='%d/%m/%Y' reads other layouts)"),
                "\(message)")
        // ignore_errors: NULL.
        #expect(try rows(db, "select \"when\" from read_csv('\(path)', \(columns), header=true, ignore_errors=true)")
                    .map { FilesPackTests.line($0) } == ["NULL", "NULL"])
        // A value the format does not read.
        let mixed = try folder.write("mixed.csv", "id,when\n1,21/03/2024\n2,22.03.2024\n")
        let wrong = errorMessage(db, "select * from read_csv('\(mixed)', \(columns), header=true, dateformat='%d/%m/%Y')") ?? ""
        #expect(wrong.contains("'22.03.2024' in column when is not a DATE with dateformat='%d/%m/%Y'"), "\(wrong)")
        // ISO text is a date whatever the layout.
        let iso2 = try folder.write("iso2.csv", "id,when\n1,21/03/2024\n2,2024-03-22\n")
        #expect(try rows(db, "select \"when\" from read_csv('\(iso2)', \(columns), header=true, dateformat='%d/%m/%Y')")
                    .map { FilesPackTests.line($0) } == ["2024-03-21", "2024-03-22"])
        // The layout is used to infer the type too.
        let inferred = try folder.write("inferred.csv", "id,when\n1,21/03/2024\n2,01/12/2023\n")
        #expect(try rows(db, "select typeof(\"when\"), \"when\" from read_csv('\(inferred)', dateformat='%d/%m/%Y')")
                    .map { FilesPackTests.line($0) } == ["text|2024-03-21", "text|2023-12-01"])
        #expect(try rows(db, "select p.type from temp.sqlite_schema s, pragma_table_info(s.name, 'temp') p "
                             + "where s.name like '%inferred.csv%' and p.name = 'when'").map { FilesPackTests.line($0) } == ["DATE"])
        // Timestamps.
        let stamps = try folder.write("t.csv", "at\n21/03/2024 14:05\n")
        #expect(try rows(db, "select at from read_csv('\(stamps)', columns={'at': 'TIMESTAMP'}, header=true, timestampformat='%d/%m/%Y %H:%M')")
                    .map { FilesPackTests.line($0) } == ["2024-03-21 14:05:00"])
        // ISO dates need no format.
        let iso = try folder.write("iso.csv", "d\n2024-03-21\n")
        #expect(try rows(db, "select d from read_csv('\(iso)', columns={'d': 'DATE'}, header=true)")
                    .map { FilesPackTests.line($0) } == ["2024-03-21"])
        #expect(errorMessage(db, "select * from read_csv('\(iso)', dateformat='%Q')")?.contains("unknown specifier %Q") == true)
    }
}
