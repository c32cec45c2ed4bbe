import sys

which = sys.argv[1] if len(sys.argv) > 1 else "all"
if which in ("engine", "all"):
    from bench.engine_bench import main as engine_main
    engine_main()
if which in ("eldritch", "all"):
    from bench.eldritch_bench import main as eldritch_main
    eldritch_main()
if which in ("bot", "all"):
    if sys.argv[2:3] != ["eldritch"]:
        try:
            from bench.bot_bench import main as bot_main
        except ImportError:
            print("bot benchmark not available yet")
        else:
            bot_main()
    if sys.argv[2:3] == ["eldritch"] or which == "all":   # python -m bench bot eldritch: 500 live Eldritch games
        from bench.eldritch_bot_bench import main as eldritch_bot_main
        eldritch_bot_main()
if which in ("wal", "all"):   # python -m bench wal [seconds]: the WAL with a reader holding a transaction
    from bench.wal_bench import main as wal_main
    wal_main(float(sys.argv[2]) if which == "wal" and len(sys.argv) > 2 else 40.0)
if which in ("kill", "all"):
    from bench.outbox_kill import main as kill_main
    kill_main(int(sys.argv[2]) if len(sys.argv) > 2 else 30)
if which == "unfathomable":   # not in "all": the engine is still being completed
    from bench.unfathomable_bench import main as unfathomable_main
    unfathomable_main(int(sys.argv[2]) if len(sys.argv) > 2 else 40)
if which in ("picture", "all"):
    game = sys.argv[2] if which == "picture" and len(sys.argv) > 2 else "all"
    if game in ("thing", "all"):
        from bench.picture_bench import main as picture_main
        picture_main()
    if game in ("unfathomable", "all"):   # python -m bench picture unfathomable [renders per player count]
        from bench.unfathomable_picture_bench import main as ship_picture_main
        ship_picture_main(int(sys.argv[3]) if which == "picture" and len(sys.argv) > 3 else 100)
    if game in ("eldritch", "all"):   # python -m bench picture eldritch [renders per player count]
        from bench.eldritch_picture_bench import main as map_picture_main
        map_picture_main(int(sys.argv[3]) if which == "picture" and len(sys.argv) > 3 else 100)
