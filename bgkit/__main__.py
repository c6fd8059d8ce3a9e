from bgkit.cli.main import main

main()
