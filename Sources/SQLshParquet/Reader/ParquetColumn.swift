/// A column of the table a Parquet file is read as: one top-level field of its schema. A
/// flat field (a leaf that is not repeated) gives its values; a nested one (a group or a
/// repeated leaf: lists, maps, structs) gives JSON text.
public struct ParquetColumn: Sendable {
    public let node: SchemaNode
    /// The leaf kind of a flat field; nil for a nested one.
    public let kind: LeafKind?

    public init(_ node: SchemaNode) {
        self.node = node
        kind = node.isLeaf && node.repetition != .repeated ? LeafKind(node.element) : nil
    }

    public var name: String { node.name }

    /// The column's declared type (DuckDB's names; JSON for nested fields).
    public var declaredType: String {
        guard let kind else { return "JSON" }
        return kind.declaredType(node.element)
    }

    /// The columns of a file's schema.
    public static func columns(of schema: ParquetSchema) -> [ParquetColumn] {
        schema.fields.map(ParquetColumn.init)
    }
}
