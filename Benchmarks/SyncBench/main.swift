print("placeholder, not committed")
