/// The bash, zsh and fish completion scripts for `gesturebridge`, made from the subcommands'
/// parameters (`--generate-completion-script SHELL`; `make install` installs them).
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell, subcommands: [any Subcommand.Type]) -> String {
        switch shell {
        case .bash: bash(subcommands)
        case .zsh: zsh(subcommands)
        case .fish: fish(subcommands)
        }
    }

    private static var program: String { GestureBridge.name }

    private static func parameters(of command: any Subcommand.Type) -> [CommandParameter] {
        command.parameters + [HelpText.helpParameter]
    }

    /// The words that name an option: `--verbose`, and `-v` when it has one.
    private static func words(_ parameter: CommandParameter) -> [String] {
        ["--\(parameter.name)"] + (parameter.short.map { ["-\($0)"] } ?? [])
    }

    // MARK: bash

    private static func bash(_ subcommands: [any Subcommand.Type]) -> String {
        let names = subcommands.map { $0.name }.joined(separator: " ")
        var text = """
            # bash completion for \(program), made by '\(program) --generate-completion-script bash'.
            _\(program)_displays() {
                local socket
                for socket in /tmp/.X11-unix/X*; do
                    [[ -S $socket ]] && printf ':%s\\n' "${socket##*/X}"
                done
            }
            _\(program)_shapes() {
                local file
                for file in "${XDG_CONFIG_HOME:-$HOME/.config}"/gesturebridge/strokes/*.yaml; do
                    [[ -f $file ]] && { file=${file##*/}; printf '%s\\n' "${file%.yaml}"; }
                done
            }
            _\(program)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                # --config=FILE: bash splits the word at '=', so the option is the word before it.
                if [[ $prev == = ]]; then
                    prev=${COMP_WORDS[COMP_CWORD-2]}
                elif [[ $cur == =* && $prev == --* ]]; then
                    cur=${cur#=}
                fi
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W '\(names) help --help -h --version' -- "$cur"))
                    return
                fi
                case ${COMP_WORDS[1]} in

            """
        for command in subcommands {
            let parameters = parameters(of: command)
            text += "    \(command.name))\n"
            let options = parameters.filter { $0.kind == .option }
            if !options.isEmpty {
                text += "        case $prev in\n"
                for option in options {
                    text +=
                        "        \(words(option).joined(separator: "|"))) \(bashReply(option.completion)) return ;;\n"
                }
                text += "        esac\n"
            }
            let flags = parameters.filter { $0.kind != .argument }.flatMap(words).joined(separator: " ")
            let argument = parameters.first { $0.kind == .argument }
            text += "        if [[ $cur == -* ]]; then\n"
            text += "            COMPREPLY=($(compgen -W '\(flags)' -- \"$cur\"))\n"
            if let argument, argument.completion != .none {
                text += "        else\n            \(bashReply(argument.completion))\n"
            }
            text += "        fi\n        ;;\n"
        }
        text += """
                help) [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W '\(names)' -- "$cur")) ;;
                esac
            }
            complete -o filenames -F _\(program) \(program)

            """
        return text
    }

    private static func bashReply(_ completion: CommandParameter.Completion) -> String {
        switch completion {
        case .none: ""
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"));"
        case .values(let values): "COMPREPLY=($(compgen -W '\(values.joined(separator: " "))' -- \"$cur\"));"
        case .displays: "COMPREPLY=($(compgen -W \"$(_\(program)_displays)\" -- \"$cur\"));"
        case .strokeNames: "COMPREPLY=($(compgen -W \"$(_\(program)_shapes)\" -- \"$cur\"));"
        }
    }

    // MARK: zsh

    private static func zsh(_ subcommands: [any Subcommand.Type]) -> String {
        var text = """
            #compdef \(program)
            # zsh completion for \(program), made by '\(program) --generate-completion-script zsh'.
            _\(program)_displays() {
                local -a sockets
                sockets=(/tmp/.X11-unix/X*(N=:t))
                compadd -- ${sockets/#X/:}
            }
            _\(program)_shapes() {
                local -a shapes
                shapes=(${XDG_CONFIG_HOME:-$HOME/.config}/gesturebridge/strokes/*.yaml(N.:t:r))
                compadd -a shapes
            }
            _\(program)() {
                local -a subcommands
                subcommands=(

            """
        for command in subcommands {
            text += "        \(quoted(command.name + ":" + command.abstract))\n"
        }
        text += """
                )
                if (( CURRENT == 2 )); then
                    _describe -t subcommands '\(program) subcommand' subcommands
                    _arguments '--version[Show the version.]' \(zshSpec(HelpText.helpParameter))
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in

            """
        for command in subcommands {
            text += "    \(command.name))\n        _arguments"
            for parameter in parameters(of: command) { text += " \\\n            \(zshSpec(parameter))" }
            text += "\n        ;;\n"
        }
        text += """
                help) (( CURRENT == 2 )) && _describe -t subcommands '\(program) subcommand' subcommands ;;
                esac
            }
            _\(program) "$@"

            """
        return text
    }

    /// One `_arguments` spec: `'(-v --verbose)'{-v,--verbose}'[help]'`, `'--config[help]:file:_files'`.
    private static func zshSpec(_ parameter: CommandParameter) -> String {
        let help = "[" + escaped(parameter.help, "[]") + "]"
        var action = ""
        switch parameter.completion {
        case .none: action = " "
        case .file: action = "_files"
        case .values(let values): action = "(" + values.joined(separator: " ") + ")"
        case .displays: action = "_\(program)_displays"
        case .strokeNames: action = "_\(program)_shapes"
        }
        switch parameter.kind {
        case .argument:
            return quoted(":" + escaped(parameter.valueName, ":") + ":" + action)
        case .flag, .option:
            let value = parameter.kind == .option ? ":" + escaped(parameter.valueName, ":") + ":" + action : ""
            // `--config=` takes its value in the next word or after an '=' in the same one.
            let name = "--\(parameter.name)" + (parameter.kind == .option ? "=" : "")
            guard let short = parameter.short else { return quoted(name + help + value) }
            return quoted("(-\(short) --\(parameter.name))") + "{-\(short),--\(parameter.name)}"
                + quoted(help + value)
        }
    }

    // MARK: fish

    private static func fish(_ subcommands: [any Subcommand.Type]) -> String {
        let names = subcommands.map { $0.name }.joined(separator: " ")
        var text = """
            # fish completion for \(program), made by '\(program) --generate-completion-script fish'.
            complete -c \(program) -f
            complete -c \(program) -n __fish_use_subcommand -l version -d 'Show the version.'
            complete -c \(program) -s h -l help -d \(quoted(HelpText.helpParameter.help))

            """
        for command in subcommands {
            text +=
                "complete -c \(program) -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))\n"
        }
        text += "complete -c \(program) -n '__fish_seen_subcommand_from help' -a \(quoted(names))\n"
        for command in subcommands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for parameter in command.parameters {
                var line = "complete -c \(program) \(condition)"
                switch parameter.kind {
                case .argument:
                    switch parameter.completion {
                    case .none, .displays, .strokeNames: continue
                    case .file: line += " -F"
                    case .values(let values): line += " -a \(quoted(values.joined(separator: " ")))"
                    }
                case .flag:
                    if let short = parameter.short { line += " -s \(short)" }
                    line += " -l \(parameter.name)"
                case .option:
                    line += " -l \(parameter.name)"
                    switch parameter.completion {
                    case .none: line += " -x"
                    case .file: line += " -r -F"
                    case .values(let values): line += " -x -a \(quoted(values.joined(separator: " ")))"
                    case .displays:
                        line += " -x -a " + quoted("(string replace -r '^X' ':' -- (path basename /tmp/.X11-unix/X*))")
                    case .strokeNames:
                        line +=
                            " -x -a "
                            + quoted(
                                "(path change-extension '' -- (path basename (set -q XDG_CONFIG_HOME; and echo $XDG_CONFIG_HOME; or echo $HOME/.config)/gesturebridge/strokes/*.yaml))"
                            )
                    }
                }
                text += line + " -d \(quoted(parameter.help))\n"
            }
        }
        return text
    }

    // MARK: quoting

    /// `text` in single quotes, a quote in it as `'\''` (end, escaped quote, resume), which
    /// bash, zsh and fish all read. (fish would read a doubled backslash as one; no help has one.)
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `text` with each of `characters` preceded by a backslash, as zsh's specs need.
    private static func escaped(_ text: String, _ characters: String) -> String {
        var result = ""
        for character in text {
            if characters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
