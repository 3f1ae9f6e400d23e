a = "${b}"
c = "${~ d ~}"
e = "%{if f}x%{else}y%{endif}"
g = "%{~ for x in y ~}${x}%{~ endfor ~}"
