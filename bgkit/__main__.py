from bgkit.cli import main

main()
