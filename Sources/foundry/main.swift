import FoundryCLI

FoundryCommand.main()
