/// A node of a file's schema tree: a group (with children) or a leaf column.
public final class SchemaNode: Sendable {
    public let element: SchemaElement
    public let children: [SchemaNode]
    /// The definition level a value of this node has when it is present (the optional and
    /// repeated nodes from the root down to it, itself included).
    public let definitionLevel: Int
    /// The repetition level of this node (the repeated nodes down to it, itself included).
    public let repetitionLevel: Int
    /// For a leaf: its index among the file's leaf columns (the order of a row group's
    /// column chunks).
    public let leafIndex: Int?
    /// The path from the top-level field down to this node (names), for messages.
    public let path: [String]

    init(element: SchemaElement, children: [SchemaNode], definitionLevel: Int, repetitionLevel: Int, leafIndex: Int?, path: [String]) {
        self.element = element
        self.children = children
        self.definitionLevel = definitionLevel
        self.repetitionLevel = repetitionLevel
        self.leafIndex = leafIndex
        self.path = path
    }

    public var name: String { element.name }
    public var isLeaf: Bool { leafIndex != nil }
    public var repetition: FieldRepetitionType { element.repetitionType ?? .required }

    /// The leaves under this node (itself for a leaf), in order.
    public var leaves: [SchemaNode] { isLeaf ? [self] : children.flatMap(\.leaves) }
}

/// A file's schema: the top-level fields (the table's columns) and the leaf columns, from the
/// footer's flattened list of ``SchemaElement``s.
public struct ParquetSchema: Sendable {
    /// How deep groups may nest.
    public static let maxDepth = 32

    public let fields: [SchemaNode]
    public let leaves: [SchemaNode]

    /// Builds the tree, checking the child counts and the nesting depth.
    public init(_ elements: [SchemaElement]) throws {
        guard let root = elements.first else { throw ParquetError("a file without a schema") }
        var index = 1
        var leafCount = 0
        let rootChildren = Int(root.numChildren ?? 0)
        guard rootChildren >= 0, rootChildren <= elements.count - 1 else {
            throw ParquetError("a malformed schema (the root claims \(rootChildren) fields)")
        }
        func build(depth: Int, definition: Int, repetition: Int, path: [String]) throws -> SchemaNode {
            guard depth <= Self.maxDepth else { throw ParquetError("a schema nested more than \(Self.maxDepth) deep") }
            guard index < elements.count else { throw ParquetError("a malformed schema (fewer elements than the groups claim)") }
            let element = elements[index]
            index += 1
            let repetitionType = element.repetitionType ?? .required
            let definitionLevel = definition + (repetitionType == .required ? 0 : 1)
            let repetitionLevel = repetition + (repetitionType == .repeated ? 1 : 0)
            let here = path + [element.name]
            if let n = element.numChildren, n > 0 || element.type == nil {
                guard n >= 0, Int(n) <= elements.count - index else {
                    throw ParquetError("a malformed schema (\(element.name) claims \(n) children)")
                }
                var children: [SchemaNode] = []
                for _ in 0..<Int(n) {
                    children.append(try build(depth: depth + 1, definition: definitionLevel, repetition: repetitionLevel, path: here))
                }
                guard !children.isEmpty else { throw ParquetError("a malformed schema (the group \(element.name) has no fields)") }
                return SchemaNode(element: element, children: children, definitionLevel: definitionLevel,
                                  repetitionLevel: repetitionLevel, leafIndex: nil, path: here)
            }
            guard element.type != nil else { throw ParquetError("a malformed schema (\(element.name) has neither a type nor children)") }
            defer { leafCount += 1 }
            return SchemaNode(element: element, children: [], definitionLevel: definitionLevel, repetitionLevel: repetitionLevel,
                              leafIndex: leafCount, path: here)
        }
        var fields: [SchemaNode] = []
        for _ in 0..<rootChildren {
            fields.append(try build(depth: 1, definition: 0, repetition: 0, path: []))
        }
        guard index == elements.count else { throw ParquetError("a malformed schema (\(elements.count - index) elements outside the tree)") }
        self.fields = fields
        self.leaves = fields.flatMap(\.leaves)
    }
}
