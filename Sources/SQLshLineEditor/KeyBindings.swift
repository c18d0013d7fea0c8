/// The editor functions sqlsh adds to libedit and the keys bound to them (and the libedit
/// functions some keys are bound to): one table for the adapter that binds them and for the
/// test that checks the man page's list of keys against it.
public enum KeyBindings {
    /// An editor function of sqlsh's.
    public struct Function: Sendable {
        /// Its libedit name (`sqlsh-up`).
        public let name: String
        /// Its one-line help (libedit's `bind -l`).
        public let help: String
        /// How the man page's list of keys names its keys (`Up, Ctrl-P`); nil when it is
        /// documented elsewhere (Tab, Ctrl-R, ...).
        public let manLabel: String?
    }

    /// Which keymap a binding goes to.
    public enum Keymap: Sendable {
        /// The editor's keys, emacs or vi (insert mode).
        case always
        /// Emacs only: in vi's insert mode Escape must stay the way to command mode
        /// (libedit would wait for the rest of a sequence).
        case emacs
        /// vi's command mode, whatever the editor.
        case viCommand
        /// vi's insert mode, vi only.
        case vi
        /// vi's command mode, vi only.
        case viCommandInVi
    }

    /// A key bound to a function.
    public struct Binding: Sendable {
        /// The key in libedit's notation (`\e[A`, `^P`).
        public let sequence: String
        /// The key's name for a person (`Up`).
        public let key: String
        /// The function (sqlsh's, or libedit's own).
        public let function: String
        /// Where it is bound.
        public let keymap: Keymap
    }

    /// sqlsh's editor functions.
    public static let functions: [Function] = [
        Function(name: "sqlsh-complete", help: "Complete SQL, names and dot-commands", manLabel: nil),
        Function(name: "sqlsh-cancel", help: "Discard the input being typed", manLabel: nil),
        Function(name: "sqlsh-suspend", help: "Suspend the shell", manLabel: nil),
        Function(name: "sqlsh-search", help: "Search history backwards as you type", manLabel: nil),
        Function(name: "sqlsh-edit", help: "Edit the statement in $VISUAL or $EDITOR, then run it", manLabel: nil),
        Function(name: "sqlsh-enter", help: "Run a complete input, else start a new line", manLabel: "Enter"),
        Function(name: "sqlsh-newline", help: "Start a new line in the input", manLabel: "Alt-Enter"),
        Function(name: "sqlsh-up", help: "Move to the line above, else to the previous history entry", manLabel: "Up, Ctrl-P"),
        Function(name: "sqlsh-down", help: "Move to the line below, else to the next history entry", manLabel: "Down, Ctrl-N"),
        Function(name: "sqlsh-right", help: "Take the suggestion, else move right", manLabel: "Right, Ctrl-F"),
        Function(name: "sqlsh-end", help: "Take the suggestion, else move to the end of the line", manLabel: "End, Ctrl-E"),
        Function(name: "sqlsh-home", help: "Move to the start of the line", manLabel: "Home, Ctrl-A"),
        Function(name: "sqlsh-forward-word", help: "Take a word of the suggestion, else move past the next word",
                 manLabel: "Alt-F, Ctrl-Right"),
        Function(name: "sqlsh-paste", help: "Insert pasted text without running it", manLabel: "Paste"),
        Function(name: "sqlsh-clear", help: "Clear the screen", manLabel: "Ctrl-L"),
    ]

    /// The bindings, in the order they are made. Home, End and Delete also as terminals other
    /// than xterm send them (xterm's own forms come from the terminal description).
    public static let bindings: [Binding] = [
        Binding(sequence: "^I", key: "Tab", function: "sqlsh-complete", keymap: .always),
        Binding(sequence: "^C", key: "Ctrl-C", function: "sqlsh-cancel", keymap: .always),
        Binding(sequence: "^Z", key: "Ctrl-Z", function: "sqlsh-suspend", keymap: .always),
        Binding(sequence: "^R", key: "Ctrl-R", function: "sqlsh-search", keymap: .always),
        Binding(sequence: "^X^E", key: "Ctrl-X Ctrl-E", function: "sqlsh-edit", keymap: .always),
        Binding(sequence: "^M", key: "Enter", function: "sqlsh-enter", keymap: .always),
        Binding(sequence: "^J", key: "Enter", function: "sqlsh-enter", keymap: .always),
        Binding(sequence: "^L", key: "Ctrl-L", function: "sqlsh-clear", keymap: .always),
        Binding(sequence: "\\e[1~", key: "Home", function: "sqlsh-home", keymap: .emacs),
        Binding(sequence: "\\e[7~", key: "Home", function: "sqlsh-home", keymap: .emacs),
        Binding(sequence: "\\e[H", key: "Home", function: "sqlsh-home", keymap: .emacs),
        Binding(sequence: "\\eOH", key: "Home", function: "sqlsh-home", keymap: .emacs),
        Binding(sequence: "^A", key: "Ctrl-A", function: "sqlsh-home", keymap: .emacs),
        Binding(sequence: "\\e[4~", key: "End", function: "sqlsh-end", keymap: .emacs),
        Binding(sequence: "\\e[8~", key: "End", function: "sqlsh-end", keymap: .emacs),
        Binding(sequence: "\\e[F", key: "End", function: "sqlsh-end", keymap: .emacs),
        Binding(sequence: "\\eOF", key: "End", function: "sqlsh-end", keymap: .emacs),
        Binding(sequence: "^E", key: "Ctrl-E", function: "sqlsh-end", keymap: .emacs),
        Binding(sequence: "\\e[3~", key: "Delete", function: "ed-delete-next-char", keymap: .emacs),
        Binding(sequence: "\\e[A", key: "Up", function: "sqlsh-up", keymap: .emacs),
        Binding(sequence: "\\eOA", key: "Up", function: "sqlsh-up", keymap: .emacs),
        Binding(sequence: "^P", key: "Ctrl-P", function: "sqlsh-up", keymap: .emacs),
        Binding(sequence: "\\e[B", key: "Down", function: "sqlsh-down", keymap: .emacs),
        Binding(sequence: "\\eOB", key: "Down", function: "sqlsh-down", keymap: .emacs),
        Binding(sequence: "^N", key: "Ctrl-N", function: "sqlsh-down", keymap: .emacs),
        Binding(sequence: "\\e[C", key: "Right", function: "sqlsh-right", keymap: .emacs),
        Binding(sequence: "\\eOC", key: "Right", function: "sqlsh-right", keymap: .emacs),
        Binding(sequence: "^F", key: "Ctrl-F", function: "sqlsh-right", keymap: .emacs),
        Binding(sequence: "\\ef", key: "Alt-F", function: "sqlsh-forward-word", keymap: .emacs),
        Binding(sequence: "\\eF", key: "Alt-F", function: "sqlsh-forward-word", keymap: .emacs),
        Binding(sequence: "\\e[1;5C", key: "Ctrl-Right", function: "sqlsh-forward-word", keymap: .emacs),
        Binding(sequence: "\\e[1;3C", key: "Alt-Right", function: "sqlsh-forward-word", keymap: .emacs),
        Binding(sequence: "\\e[1;5D", key: "Ctrl-Left", function: "ed-prev-word", keymap: .emacs),
        Binding(sequence: "\\e[1;3D", key: "Alt-Left", function: "ed-prev-word", keymap: .emacs),
        Binding(sequence: "\\e^M", key: "Alt-Enter", function: "sqlsh-newline", keymap: .emacs),
        Binding(sequence: "\\e^J", key: "Alt-Enter", function: "sqlsh-newline", keymap: .emacs),
        Binding(sequence: "\\e[200~", key: "Paste", function: "sqlsh-paste", keymap: .emacs),
        Binding(sequence: "^C", key: "Ctrl-C", function: "sqlsh-cancel", keymap: .viCommand),
        Binding(sequence: "^Z", key: "Ctrl-Z", function: "sqlsh-suspend", keymap: .viCommand),
        // vi: Ctrl-F takes the suggestion in insert mode (Right starts with Escape there);
        // in command mode Enter as in insert mode, k and j through the buffer's lines first.
        Binding(sequence: "^F", key: "Ctrl-F", function: "sqlsh-right", keymap: .vi),
        Binding(sequence: "^M", key: "Enter", function: "sqlsh-enter", keymap: .viCommandInVi),
        Binding(sequence: "^J", key: "Enter", function: "sqlsh-enter", keymap: .viCommandInVi),
        Binding(sequence: "k", key: "k", function: "sqlsh-up", keymap: .viCommandInVi),
        Binding(sequence: "j", key: "j", function: "sqlsh-down", keymap: .viCommandInVi),
        Binding(sequence: "^L", key: "Ctrl-L", function: "sqlsh-clear", keymap: .viCommandInVi),
    ]
}
