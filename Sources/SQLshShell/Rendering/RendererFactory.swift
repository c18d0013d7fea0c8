/// Makes the renderer for the shell's current output mode.
enum RendererFactory {
    static func make(for shell: Shell) -> any ResultRenderer {
        switch shell.settings.mode {
        case .pretty:
            return InteractiveTableRenderer(settings: shell.settings, out: shell.out)
        default:
            return ListRenderer(settings: shell.settings, out: shell.out)
        }
    }
}
