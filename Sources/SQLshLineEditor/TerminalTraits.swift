/// What the environment tells about the terminal.
public enum TerminalTraits {
    /// Whether the terminal rewraps its lines when its width changes, as tmux, VTE (GNOME
    /// Terminal and others), Konsole, kitty, Alacritty, WezTerm, iTerm2, Terminal.app, VS Code
    /// and Windows Terminal do and xterm does not: told by the variables they set.
    public static func reflowsLines(environment: (String) -> String?) -> Bool {
        for name in ["TMUX", "VTE_VERSION", "KONSOLE_VERSION", "KITTY_WINDOW_ID", "ALACRITTY_WINDOW_ID",
                     "ALACRITTY_SOCKET", "WEZTERM_PANE", "WT_SESSION"] where environment(name) != nil {
            return true
        }
        if let program = environment("TERM_PROGRAM") {
            return ["iTerm.app", "Apple_Terminal", "vscode", "WezTerm", "tmux"].contains(program)
        }
        return false
    }
}
