import GRDB

// GRDB's DatabaseFunction and DatabaseAggregate, written the way its documentation shows.

private struct GRDBMedian: DatabaseAggregate {
    var values: [Double] = []
    mutating func step(_ dbValues: [DatabaseValue]) {
        if let x = Double.fromDatabaseValue(dbValues[0]) { values.append(x) }
    }
    func finalize() -> (any DatabaseValueConvertible)? {
        guard !values.isEmpty else { return nil }
        var copy = values
        return copy.withUnsafeMutableBufferPointer { median(&$0) }
    }
}

func registerGRDBFunctions(_ db: Database) {
    db.add(function: DatabaseFunction("g_id", argumentCount: 1, pure: true) { values in
        Int64.fromDatabaseValue(values[0])
    })
    db.add(function: DatabaseFunction("g_idtext", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])
    })
    db.add(function: DatabaseFunction("g_reverse", argumentCount: 1, pure: true) { values in
        guard var s = String.fromDatabaseValue(values[0]) else { return nil }
        return s.withUTF8 { reversedString($0) }
    })
    db.add(function: DatabaseFunction("g_median", argumentCount: 1, pure: true, aggregate: GRDBMedian.self))
}
