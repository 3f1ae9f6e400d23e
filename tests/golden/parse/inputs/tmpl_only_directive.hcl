a = "%{if true}x%{endif}"
