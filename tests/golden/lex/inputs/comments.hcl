# hash
// slashes
/* multi
line */ a = 1 /**/ b /*/ still */ c
/*
*/
# at eof